/*
 * Copyright 2026-present p4slice contributors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.p4slice.web.gui;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.ui.UiMessageHandler;

/**
 * A p4slice GUI message handler: its services are reached through the {@link GuiAccess} of the
 * connection's caller ({@link GuiAccess#callerOf}), never directly.
 */
abstract class GuiHandler extends UiMessageHandler {

    /**
     * Returns the access of the user of this GUI session.
     *
     * @return access
     */
    protected GuiAccess access() {
        return GuiAccess.of(GuiAccess.callerOf(connection()), directory());
    }

    /**
     * Sends an event to this session's browser.
     *
     * @param event   event type
     * @param payload payload
     */
    protected void send(String event, ObjectNode payload) {
        ObjectNode message = objectNode();
        message.put("event", event);
        message.set("payload", payload);
        sendMessage(message);
    }
}

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

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.osgi.ServiceDirectory;
import org.onosproject.ui.UiConnection;
import org.onosproject.ui.UiMessageHandler;
import org.onosproject.ui.model.topo.UiTopoLayout;

import java.util.ArrayList;
import java.util.List;

/**
 * A GUI connection without a websocket: its message handlers answer one event at a time and what
 * they send is collected as the answer (the tenant portal's requests, and the handlers' tests).
 */
abstract class CollectingConnection implements UiConnection {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final List<UiMessageHandler> handlers;
    private final List<ObjectNode> sent = new ArrayList<>();

    /**
     * Creates a connection; the subclass calls {@link #init} once it is complete.
     *
     * @param handlers its message handlers
     */
    CollectingConnection(List<UiMessageHandler> handlers) {
        this.handlers = new ArrayList<>(handlers);
    }

    /**
     * Initialises the handlers on this connection, as ONOS's GUI does when a socket opens.
     *
     * @param directory the services
     */
    final void init(ServiceDirectory directory) {
        handlers.forEach(h -> h.init(this, directory));
    }

    /**
     * Hands an event to the handlers of its type.
     *
     * @param message {@code {"event", "payload"}}
     * @return the messages the handlers sent, in order
     */
    public synchronized ArrayNode process(ObjectNode message) {
        sent.clear();
        String event = message.path("event").asText();
        for (UiMessageHandler h : handlers) {
            if (h.messageTypes().contains(event)) {
                h.process(message);
            }
        }
        ArrayNode out = MAPPER.createArrayNode();
        sent.forEach(out::add);
        return out;
    }

    @Override
    public UiTopoLayout currentLayout() {
        return null;
    }

    @Override
    public void setCurrentLayout(UiTopoLayout topoLayout) {
    }

    @Override
    public String currentView() {
        return P4SliceUiComponent.VIEW_ID;
    }

    @Override
    public void setCurrentView(String viewId) {
    }

    @Override
    public void sendMessage(ObjectNode message) {
        sent.add(message);
    }

    @Override
    public void sendMessage(String type, ObjectNode payload) {
        ObjectNode m = MAPPER.createObjectNode();
        m.put("event", type);
        m.set("payload", payload);
        sent.add(m);
    }
}

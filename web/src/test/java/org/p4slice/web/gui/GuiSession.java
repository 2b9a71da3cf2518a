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

import org.onlab.osgi.ServiceDirectory;

/**
 * A websocket of ONOS's classic GUI, for the handlers' tests: named as ONOS's
 * {@code UiWebSocketServlet} names it (the login session's user, {@code "unknown"} without one),
 * with every handler of the extension (the view's and the overlay's), kept across events as ONOS
 * keeps one set per socket.
 */
public final class GuiSession extends CollectingConnection {

    private final String user;

    /**
     * Opens a session.
     *
     * @param user      the socket's user name
     * @param directory the services
     */
    public GuiSession(String user, ServiceDirectory directory) {
        super(P4SliceUiComponent.handlers());
        this.user = user;
        init(directory);
    }

    @Override
    public String userName() {
        return user;
    }
}

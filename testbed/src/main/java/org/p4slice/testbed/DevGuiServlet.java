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
package org.p4slice.testbed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.osgi.ServiceDirectory;
import org.onosproject.ui.UiConnection;
import org.onosproject.ui.UiMessageHandler;
import org.onosproject.ui.model.topo.UiTopoLayout;

import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The GUI view on the dev server ({@code /onos/p4slice/ui/}), without ONOS's GUI: the page is the
 * view's own partial with the style sheets and scripts that the view's {@code gui/css.html} and
 * {@code gui/js.html} inject into ONOS's GUI (the lists are read from those files, nowhere else), and
 * a transport ({@code devgui/p4slice-dev.js}) that posts each GUI event to {@code ui/events}, where
 * this servlet hands it to the view's real message handlers ({@link GuiView#handlers()}, one set per
 * HTTP session, as ONOS keeps one per GUI connection) and answers with the messages they sent.
 */
public class DevGuiServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Map<String, String> DEV_FILES = Map.of(
            "p4slice-dev.js", "devgui/p4slice-dev.js",
            "p4slice-dev.css", "devgui/p4slice-dev.css");

    private final transient ServiceDirectory directory;
    private final transient GuiView view;
    private final transient Map<String, Session> sessions = new HashMap<>();

    /**
     * Creates the servlet over the dev server's services.
     *
     * @param directory services
     * @param view      the view served
     */
    public DevGuiServlet(ServiceDirectory directory, GuiView view) {
        this.directory = directory;
        this.view = view;
    }

    /**
     * One GUI "connection" of a user: the view's handlers and what they sent during the current event
     * (the handlers' own test, GuiHandlersTest, talks to them through it).
     */
    public static final class Session implements UiConnection {
        private final String user;
        private final String viewId;
        private final List<UiMessageHandler> handlers;
        private final List<ObjectNode> sent = new ArrayList<>();

        /**
         * Opens a connection.
         *
         * @param user      the GUI user
         * @param directory services
         * @param view      the view
         */
        public Session(String user, ServiceDirectory directory, GuiView view) {
            this.user = user;
            this.viewId = view.id();
            this.handlers = view.handlers();
            handlers.forEach(h -> h.init(this, directory));
        }

        @Override
        public String userName() {
            return user;
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
            return viewId;
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

        /**
         * Hands an event to the handlers that take it.
         *
         * @param message {@code {"event", "payload"}}
         * @return the messages they sent in answer
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
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo();
        if (path == null) {
            response.setStatus(HttpServletResponse.SC_SEE_OTHER);
            response.setHeader("Location", request.getRequestURL() + "/");
            return;
        }
        if ("/".equals(path)) {
            write(response, "text/html; charset=utf-8", page());
            return;
        }
        String file = path.substring(1);
        String resource = DEV_FILES.containsKey(file) ? DEV_FILES.get(file)
                : view.files().contains(file) ? file : null;
        if (resource == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND, "no file " + path);
            return;
        }
        write(response, (file.endsWith(".js") ? "application/javascript" : "text/css") + "; charset=utf-8",
              GuiView.read(resource));
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!"/events".equals(request.getPathInfo())) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        JsonNode message = MAPPER.readTree(request.getInputStream());
        if (message == null || !message.isObject() || !message.path("event").isTextual()) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST, "expected {\"event\", \"payload\"}");
            return;
        }
        Session session;
        synchronized (sessions) {
            session = sessions.computeIfAbsent(request.getSession(true).getId(),
                                               id -> new Session(request.getRemoteUser(), directory, view));
        }
        write(response, "application/json", session.process((ObjectNode) message).toString());
    }

    // the view's partial in a page of its own, as the GUI would show it: what the view injects into the
    // GUI's page (style sheets and scripts, their paths relative to this page), then the dev transport
    private String page() throws IOException {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>p4slice slices (dev)</title>\n"
                + "<link rel=\"stylesheet\" href=\"p4slice-dev.css\">\n" + view.injection("css.html")
                + view.injection("js.html") + "<script src=\"p4slice-dev.js\"></script>\n</head><body>\n"
                + view.partial() + "</body></html>\n";
    }

    private static void write(HttpServletResponse response, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(type);
        response.setHeader("Cache-Control", "no-cache");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}

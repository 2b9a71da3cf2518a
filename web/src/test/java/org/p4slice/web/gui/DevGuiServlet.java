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
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GUI view on the dev server ({@code /onos/p4slice/ui/}), without ONOS's GUI: the page is the
 * view's own partial with the style sheets and scripts that the view's {@code gui/css.html} and
 * {@code gui/js.html} inject into ONOS's GUI (the lists are read from those files, nowhere else), and
 * a transport ({@code devgui/p4slice-dev.js}) that posts each GUI event to {@code ui/events}, where
 * this servlet hands it to the view's real message handlers ({@link P4SliceUiComponent#handlers()},
 * one set per HTTP session, as ONOS keeps one per GUI connection) and answers with the messages they
 * sent.
 */
public class DevGuiServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Map<String, String> DEV_FILES = Map.of(
            "p4slice-dev.js", "devgui/p4slice-dev.js",
            "p4slice-dev.css", "devgui/p4slice-dev.css");
    private static final String VIEW_FOLDER = "app/view/" + P4SliceUiComponent.VIEW_ID + "/";
    private static final Pattern REFERENCE = Pattern.compile("(?:src|href)=\"([^\"]+)\"");

    private final transient ServiceDirectory directory;
    private final transient Map<String, Session> sessions = new HashMap<>();

    /**
     * Creates the servlet over the dev server's services.
     *
     * @param directory services
     */
    public DevGuiServlet(ServiceDirectory directory) {
        this.directory = directory;
    }

    // one GUI "connection" of a user: the handlers and what they sent during the current event (also the
    // handlers' own test, GuiHandlersTest, talks to them through it)
    static final class Session implements UiConnection {
        private final String user;
        private final List<UiMessageHandler> handlers = new ArrayList<>(P4SliceUiComponent.handlers());
        private final List<ObjectNode> sent = new ArrayList<>();

        Session(String user, ServiceDirectory directory) {
            this.user = user;
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

        synchronized ArrayNode process(ObjectNode message) {
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
                : viewFiles().contains(file) ? file : null;
        if (resource == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND, "no file " + path);
            return;
        }
        write(response, (file.endsWith(".js") ? "application/javascript" : "text/css") + "; charset=utf-8",
              read(resource));
    }

    /**
     * Returns the view's scripts as the GUI loads them, in order: the class-path resources that
     * {@code gui/js.html} names.
     *
     * @return resource names, e.g. {@code app/view/p4slice/p4slice.js}
     * @throws IOException if {@code gui/js.html} is missing or names a file outside the view's folder
     */
    public static List<String> viewScripts() throws IOException {
        return references(injection("js.html"));
    }

    // what the GUI injects for the view: the style sheets, then the scripts
    private static List<String> viewFiles() throws IOException {
        List<String> files = new ArrayList<>(references(injection("css.html")));
        files.addAll(viewScripts());
        return files;
    }

    private static String injection(String name) throws IOException {
        return read(P4SliceUiComponent.RESOURCE_PATH + "/" + name);
    }

    // the files an injection file names, each checked to be in the view's folder
    private static List<String> references(String html) throws IOException {
        List<String> files = new ArrayList<>();
        Matcher m = REFERENCE.matcher(html);
        while (m.find()) {
            String file = m.group(1);
            if (!file.startsWith(VIEW_FOLDER)) {
                throw new IOException("not one of the view's files: " + file);
            }
            files.add(file);
        }
        return files;
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
                                               id -> new Session(request.getRemoteUser(), directory));
        }
        write(response, "application/json", session.process((ObjectNode) message).toString());
    }

    // the view's partial in a page of its own, as the GUI would show it: what the view injects into the
    // GUI's page (style sheets and scripts, their paths relative to this page), then the dev transport
    private static String page() throws IOException {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>p4slice slices (dev)</title>\n"
                + "<link rel=\"stylesheet\" href=\"p4slice-dev.css\">\n" + injection("css.html")
                + injection("js.html") + "<script src=\"p4slice-dev.js\"></script>\n</head><body>\n"
                + read(VIEW_FOLDER + P4SliceUiComponent.VIEW_ID + ".html") + "</body></html>\n";
    }

    private static void write(HttpServletResponse response, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(type);
        response.setHeader("Cache-Control", "no-cache");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private static String read(String resource) throws IOException {
        try (InputStream in = DevGuiServlet.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

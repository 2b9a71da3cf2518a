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

import com.google.common.html.HtmlEscapers;
import org.p4slice.slicing.api.tenant.TenantScope;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files of the tenant portal ({@code org.p4slice.web.portal.PortalServlet}): its page is the
 * view's own partial with the style sheets and scripts that the view's {@code gui/css.html} and
 * {@code gui/js.html} inject into ONOS's GUI (the lists are read from those files, nowhere else), a
 * line naming the signed-in user and its scope, and the portal's transport
 * ({@code portal/p4slice-portal.js}) in place of the GUI's websocket. Nothing else on the class path
 * is served.
 */
public final class PortalPage {

    private static final Map<String, String> PORTAL_FILES = Map.of(
            "p4slice-portal.js", "portal/p4slice-portal.js",
            "p4slice-portal.css", "portal/p4slice-portal.css");
    private static final String VIEW_FOLDER = "app/view/" + P4SliceUiComponent.VIEW_ID + "/";
    private static final Pattern REFERENCE = Pattern.compile("(?:src|href)=\"([^\"]+)\"");

    private PortalPage() {
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

    /**
     * Returns the class-path resource a file name of the portal stands for.
     *
     * @param file the path below the portal, e.g. {@code app/view/p4slice/p4slice.js}
     * @return the resource, or empty if the portal serves no such file
     * @throws IOException if the view's injection files cannot be read
     */
    public static Optional<String> resource(String file) throws IOException {
        if (PORTAL_FILES.containsKey(file)) {
            return Optional.of(PORTAL_FILES.get(file));
        }
        List<String> files = new ArrayList<>(references(injection("css.html")));
        files.addAll(viewScripts());
        return files.contains(file) ? Optional.of(file) : Optional.empty();
    }

    /**
     * Returns the content type of a served file.
     *
     * @param file file name
     * @return content type
     */
    public static String contentType(String file) {
        return (file.endsWith(".js") ? "application/javascript" : "text/css") + "; charset=utf-8";
    }

    /**
     * Returns the portal's page for a user: the view's partial, as the GUI would show it, after a
     * line naming the user and what it may see; {@code data-tenant} carries the user's tenant (the
     * forms' default).
     *
     * @param scope the signed-in user's scope
     * @return HTML
     * @throws IOException if a resource of the view is missing
     */
    public static String page(TenantScope scope) throws IOException {
        String tenant = scope.tenant().map(t -> t.id().id()).orElse("");
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>p4slice portal</title>\n"
                + "<link rel=\"stylesheet\" href=\"p4slice-portal.css\">\n" + injection("css.html")
                + injection("js.html") + "<script src=\"p4slice-portal.js\"></script>\n</head><body>\n"
                + "<p id=\"p4s-portal-user\" data-tenant=\"" + escape(tenant) + "\">" + escape(who(scope))
                + "</p>\n<p id=\"p4s-portal-error\" role=\"alert\" hidden></p>\n"
                + read(VIEW_FOLDER + P4SliceUiComponent.VIEW_ID + ".html") + "</body></html>\n";
    }

    // the line above the view: who is signed in and what it sees
    private static String who(TenantScope scope) {
        String user = "Signed in as " + scope.user();
        if (scope.isOperator()) {
            return user + ", a p4slice operator: the slices and bookings of every tenant";
        }
        return scope.tenant().map(t -> user + " for tenant " + t.id() + " (" + t.name() + ")")
                .orElse(user + ", who acts for no tenant and sees nothing here");
    }

    private static String escape(String text) {
        return HtmlEscapers.htmlEscaper().escape(text);
    }

    /**
     * Reads a class-path resource of the web bundle.
     *
     * @param resource resource name
     * @return its text
     * @throws IOException if it is missing
     */
    public static String read(String resource) throws IOException {
        try (InputStream in = PortalPage.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
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
}

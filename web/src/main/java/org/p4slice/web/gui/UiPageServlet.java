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

import org.p4slice.slicing.codec.ApiError;
import org.p4slice.slicing.codec.SlicingCodecs;

import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The slices page: {@code /onos/p4slice/ui/} and its script and style sheet, streamed from the
 * bundle's class path (folder {@value #ROOT}). A plain servlet (mapped in {@code web.xml}, behind
 * the same ONOS authentication as the REST API) rather than a JAX-RS resource, so that the page
 * stays out of the REST API's documentation. Only plain file names with a known extension are
 * served, so nothing outside that folder can be reached; refusals are answered like the REST
 * API's, with {@code {"code", "message"}}.
 */
public class UiPageServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    /** Class-path folder of the page's files. */
    static final String ROOT = "p4slice-ui/";
    /** The page. */
    static final String INDEX = "index.html";

    // one path segment: a letter or digit first (no "..", no hidden files), no slashes
    private static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]*\\.([a-z]+)");
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "js", "application/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "svg", "image/svg+xml",
            "png", "image/png");

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String method = request.getMethod();
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            response.setHeader("Allow", "GET, HEAD");
            error(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED,
                  "the slices page is read-only: " + method + " is not allowed, only GET");
            return;
        }
        String path = request.getPathInfo();
        if (path == null) {
            // "/ui": the page's relative links need the folder
            response.setStatus(HttpServletResponse.SC_SEE_OTHER);
            response.setHeader("Location", request.getRequestURL() + "/");
            return;
        }
        String name = "/".equals(path) ? INDEX : path.substring(1);
        Matcher m = FILE_NAME.matcher(name);
        String type = m.matches() ? TYPES.get(m.group(1)) : null;
        byte[] content = type == null ? null : read(ROOT + name);
        if (content == null) {
            error(response, HttpServletResponse.SC_NOT_FOUND, "no page file " + name);
            return;
        }
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(type);
        response.setContentLength(content.length);
        response.setHeader("Cache-Control", "no-cache");
        response.setHeader("X-Content-Type-Options", "nosniff");
        // the ONOS GUI (same origin) frames the page; nobody else may
        response.setHeader("X-Frame-Options", "SAMEORIGIN");
        if ("GET".equals(method)) {
            response.getOutputStream().write(content);
        }
    }

    private static void error(HttpServletResponse response, int code, String message) throws IOException {
        byte[] body = SlicingCodecs.API_ERROR.encode(ApiError.of(code, message), SlicingCodecs.context())
                .toString().getBytes(StandardCharsets.UTF_8);
        response.setStatus(code);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    // the bytes of a class-path resource of this bundle, or null
    private static byte[] read(String resource) throws IOException {
        try (InputStream in = UiPageServlet.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        }
    }
}

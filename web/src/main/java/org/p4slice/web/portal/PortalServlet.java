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
package org.p4slice.web.portal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.rest.BaseResource;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.ApiError;
import org.p4slice.slicing.codec.RefusalStatus;
import org.p4slice.slicing.codec.SlicingCodecs;
import org.p4slice.web.Callers;
import org.p4slice.web.RequestParsing;
import org.p4slice.web.RuntimeErrorMapper;
import org.p4slice.web.TenantAuthorizationFilter;
import org.p4slice.web.gui.PortalConnection;
import org.p4slice.web.gui.PortalPage;

import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The tenant portal at {@code /onos/p4slice/ui/}: the GUI view "Slices" for users ONOS's classic GUI
 * does not serve, behind the REST API's authentication (p4slice's own HTTP Basic,
 * {@link org.p4slice.web.BasicAuthenticationFilter}: a tenant's user or an ONOS user) and its
 * authorization ({@link TenantAuthorizationFilter#refusal}: every event is a POST, so only
 * operators and tenants' users get past it). {@code GET ui/} is the page ({@link PortalPage}),
 * {@code GET ui/<file>} one of its scripts or style sheets, and {@code POST ui/events} (JSON
 * {@code {"event", "payload"}}) hands one GUI event to the view's real message handlers, made for
 * the authenticated caller ({@link PortalConnection}), and answers the messages they sent. Nothing is
 * kept between requests. Errors are the REST API's JSON {@code {"code", "message"}}.
 */
public class PortalServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final String EVENTS = "/events";
    private static final String JSON = "application/json";
    /**
     * The portal's content security policy: its own scripts, style sheets and event requests only,
     * no inline script or style, no plug-ins, and no page may frame it.
     */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self';"
            + " img-src 'self' data:; connect-src 'self'; font-src 'self'; form-action 'none'; base-uri 'none';"
            + " frame-ancestors 'none'";

    private final transient BaseResource services = new BaseResource() { };

    // the REST API's services (ONOS's, or those a test or the dev server gave the REST resources)
    private final transient ServiceDirectory directory = new ServiceDirectory() {
        @Override
        public <T> T get(Class<T> serviceClass) {
            return services.get(serviceClass);
        }
    };

    // TRACE would echo the request's headers, its credentials included, into the answer
    @Override
    protected void doTrace(HttpServletRequest request, HttpServletResponse response) throws IOException {
        error(response, ApiError.of(HttpServletResponse.SC_METHOD_NOT_ALLOWED, "the portal does not answer TRACE"));
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (refused(request, response)) {
            return;
        }
        String path = request.getPathInfo();
        if (path == null) {
            response.setStatus(HttpServletResponse.SC_SEE_OTHER);
            response.setHeader("Location", request.getRequestURI() + "/");
            return;
        }
        if ("/".equals(path)) {
            Caller caller = caller(request);
            write(response, HttpServletResponse.SC_OK, "text/html; charset=utf-8",
                  PortalPage.page(directory.get(TenantGateService.class).scope(caller)));
            return;
        }
        String file = path.substring(1);
        Optional<String> resource = PortalPage.resource(file);
        if (resource.isEmpty()) {
            error(response, ApiError.of(HttpServletResponse.SC_NOT_FOUND, "the portal has no file " + file));
            return;
        }
        write(response, HttpServletResponse.SC_OK, PortalPage.contentType(file), PortalPage.read(resource.get()));
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (refused(request, response)) {
            return;
        }
        if (!EVENTS.equals(request.getPathInfo())) {
            error(response, ApiError.of(HttpServletResponse.SC_NOT_FOUND,
                                        "the portal takes events at ui/events only, not ui" + request.getPathInfo()));
            return;
        }
        // a JSON body is not a "simple" cross-site request: another site's page cannot post one with the
        // browser's cached credentials without a CORS preflight, which this servlet never grants
        String type = request.getContentType();
        if (type == null || !type.toLowerCase().startsWith(JSON)) {
            error(response, ApiError.of(HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE,
                                        "events must be sent as " + JSON + ", got " + type));
            return;
        }
        JsonNode message;
        try {
            message = RequestParsing.json(request.getInputStream(), "a GUI event {\"event\", \"payload\"}");
        } catch (SlicingException e) {
            error(response, RefusalStatus.error(e));
            return;
        }
        if (!message.isObject() || !message.path("event").isTextual()
                || message.has("payload") && !message.get("payload").isObject()) {
            error(response, ApiError.of(HttpServletResponse.SC_BAD_REQUEST,
                                        "expected a GUI event {\"event\": \"<type>\", \"payload\": {...}}"));
            return;
        }
        String answer;
        try {
            answer = new PortalConnection(caller(request), directory).process((ObjectNode) message).toString();
        } catch (RuntimeException e) {
            error(response, RuntimeErrorMapper.error(e));
            return;
        }
        write(response, HttpServletResponse.SC_OK, JSON, answer);
    }

    private static Caller caller(HttpServletRequest request) {
        return Callers.of(request.getUserPrincipal(), request::isUserInRole);
    }

    // the REST API's authorization: true (and the 403 answered) if the request may not go on
    private boolean refused(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Optional<String> refusal = TenantAuthorizationFilter.refusal(
                request.getUserPrincipal(), request::isUserInRole, request.getMethod(),
                () -> directory.get(TenantGateService.class));
        if (refusal.isPresent()) {
            error(response, ApiError.of(HttpServletResponse.SC_FORBIDDEN, refusal.get()));
        }
        return refusal.isPresent();
    }

    private static void error(HttpServletResponse response, ApiError error) throws IOException {
        write(response, error.code(), JSON,
              SlicingCodecs.API_ERROR.encode(error, SlicingCodecs.context()).toString());
    }

    private static void write(HttpServletResponse response, int status, String type, String body)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType(type);
        response.setHeader("Cache-Control", "no-cache");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}

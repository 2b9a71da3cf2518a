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
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.webapp.WebAppContext;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.junit.TestUtils;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.rest.BaseResource;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.SliceStatsServiceAdapter;
import org.p4slice.testbed.RestServices;
import org.p4slice.web.TestKarafRealm;
import org.p4slice.web.gui.CapacityHandler;
import org.p4slice.web.gui.SliceActionsHandler;
import org.p4slice.web.gui.SlicesTableHandler;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.security.auth.login.Configuration;
import org.p4slice.pipeconf.P4SlicePipeconfIds;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.Assert.assertThat;

/**
 * The tenant portal as the web bundle's {@code web.xml} serves it (in Jetty, with p4slice's own HTTP
 * Basic authentication: tenants' users from the tenant-user store, ONOS users from ONOS's login,
 * here a test's), over the slice manager on ONOS's adapters, with two tenants whose users have no
 * ONOS account: the page names the user and its tenant, the events answer what
 * its tenant sees and change its own slices only, anybody else is refused with the REST API's JSON
 * error, and malformed events are 400, 404 or 415 and change nothing.
 */
public class PortalServletTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    // ONOS's users (password: name + "pw") and their roles
    private static final Map<String, Set<String>> USERS = Map.of(
            "onos", Set.of("admin", "viewer"), "carol", Set.of("viewer"), "eve", Set.of("guest"));
    // the tenants' users' passwords
    private static final Map<String, String> TENANT_PASSWORDS = Map.of("alice", "alice-portal-pw",
                                                                        "bob", "bob-portal-pw");

    private final HttpClient http = HttpClient.newHttpClient();
    private SlicingTestbed testbed;
    private Server server;
    private Configuration previousJaas;

    @Before
    public void setUp() throws Exception {
        testbed = new SlicingTestbed();
        testbed.addSwitch(S1.toString(), P4SlicePipeconfIds.BMV2_PIPECONF_ID, Map.of());
        for (int p = 1; p <= 4; p++) {
            testbed.addPort(S1, p, 100_000_000L);
        }
        testbed.setTenantsConfig((ObjectNode) MAPPER.readTree("{\"itb\": {\"name\": \"ITB\"}, \"ui\": {}}"));
        testbed.setOperatorsConfig((ObjectNode) MAPPER.readTree("{\"users\": [\"onos\"]}"));
        testbed.startAll();
        testbed.addTenantUser(TenantId.of("itb"), "alice", TENANT_PASSWORDS.get("alice"));
        testbed.addTenantUser(TenantId.of("ui"), "bob", TENANT_PASSWORDS.get("bob"));
        Caller operator = Caller.of("onos", true);
        testbed.gate().createSlice(operator, slice("lab1", "itb", 1));
        testbed.gate().createSlice(operator, slice("lab1", "ui", 2));
        ServiceDirectory services = RestServices.directory(testbed, new SliceStatsServiceAdapter());
        previousJaas = TestKarafRealm.install(USERS);
        TestUtils.setField(BaseResource.class, "services", services);

        WebAppContext ctx = new WebAppContext();
        ctx.setContextPath("/onos/p4slice");
        ctx.setResourceBase("src/main/webapp");
        ctx.setDescriptor("src/main/webapp/WEB-INF/web.xml");
        ctx.setParentLoaderPriority(true);
        ctx.setThrowUnavailableOnStartupException(true);
        server = new Server(new InetSocketAddress("127.0.0.1", 0));
        server.setHandler(ctx);
        server.start();
    }

    @After
    public void tearDown() throws Exception {
        server.stop();
        testbed.stop();
        Configuration.setConfiguration(previousJaas);
    }

    private static SliceRequest slice(String name, String tenant, int port) {
        return SliceRequest.builder().name(name).tenant(TenantId.of(tenant)).quotaBps(10_000_000)
                .addEndpoint(Endpoint.of(SlicingTestbed.cp(S1, port), EndpointMode.ACCESS)).build();
    }

    private HttpResponse<String> send(String user, String method, String path, String type, String body)
            throws Exception {
        int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/onos/p4slice/" + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (user != null) {
            b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    (user + ":" + TENANT_PASSWORDS.getOrDefault(user, user + "pw")).getBytes(StandardCharsets.UTF_8)));
        }
        if (type != null) {
            b.header("Content-Type", type);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    // the messages answering one event
    private List<JsonNode> event(String user, String event, String payload) throws Exception {
        HttpResponse<String> r = send(user, "POST", "ui/events", "application/json",
                                      "{\"event\": \"" + event + "\", \"payload\": " + payload + "}");
        assertThat(r.body(), r.statusCode(), is(200));
        List<JsonNode> out = new ArrayList<>();
        MAPPER.readTree(r.body()).forEach(out::add);
        return out;
    }

    private JsonNode only(String user, String event, String payload) throws Exception {
        List<JsonNode> out = event(user, event, payload);
        assertThat(out.toString(), out.size(), is(1));
        return out.get(0).get("payload");
    }

    private static void assertError(HttpResponse<String> r, int status, String message) throws Exception {
        assertThat(r.body(), r.statusCode(), is(status));
        assertThat(r.headers().firstValue("Content-Type").orElse(""), startsWith("application/json"));
        JsonNode error = MAPPER.readTree(r.body());
        assertThat(error.get("code").asInt(), is(status));
        assertThat(error.get("message").asText(), is(message));
    }

    private String state() {
        return testbed.slices().getSlices().toString() + testbed.audit().getEntries(100);
    }

    @Test
    public void thePageNamesTheUserAndCarriesTheView() throws Exception {
        HttpResponse<String> redirect = send("alice", "GET", "ui", null, null);
        assertThat(redirect.statusCode(), is(303));
        assertThat(redirect.headers().firstValue("Location").orElse(""), is("/onos/p4slice/ui/"));
        HttpResponse<String> page = send("alice", "GET", "ui/", null, null);
        assertThat(page.statusCode(), is(200));
        assertThat(page.body(), containsString("data-tenant=\"itb\">Signed in as alice for tenant itb (ITB)</p>"));
        assertThat(page.body(), containsString("<div id=\"ov-p4slice\">"));
        assertThat(page.body(), containsString("<script src=\"app/view/p4slice/p4slice.js\"></script>"));
        assertThat(page.body(), containsString("<script src=\"p4slice-portal.js\"></script>"));
        assertThat(send("onos", "GET", "ui/", null, null).body(),
                   containsString("Signed in as onos, a p4slice operator: the slices and bookings of every tenant"));
        assertThat(send("carol", "GET", "ui/", null, null).body(),
                   containsString("Signed in as carol, who acts for no tenant and sees nothing here"));
        HttpResponse<String> script = send("alice", "GET", "ui/app/view/p4slice/p4slice.js", null, null);
        assertThat(script.statusCode(), is(200));
        assertThat(script.headers().firstValue("Content-Type").orElse(""), startsWith("application/javascript"));
        assertThat(send("alice", "GET", "ui/p4slice-portal.css", null, null).statusCode(), is(200));
        assertError(send("alice", "GET", "ui/gui/js.html", null, null), 404, "the portal has no file gui/js.html");
    }

    @Test
    public void aTenantsViewerSeesAndChangesItsOwnSlicesOnly() throws Exception {
        JsonNode slices = only("alice", SlicesTableHandler.REQUEST, "{}").get("slices");
        assertThat(slices.size(), is(1));
        assertThat(slices.get(0).get("tenant").asText(), is("itb"));
        assertThat(only("alice", CapacityHandler.REQUEST, "{}").get("ports").size(), is(4));

        JsonNode created = only("alice", SliceActionsHandler.CREATE, "{\"ref\": 1, \"request\": {\"name\": \"lab2\","
                + " \"tenant\": \"itb\", \"quotaBps\": 1000000, \"endpoints\": [{\"device\": \"device:bmv2:s1\","
                + " \"port\": 3, \"mode\": \"access\"}]}}");
        assertThat(created.toString(), created.get("code").asInt(), is(201));
        assertThat(testbed.slices().getSlices().size(), is(3));
        AuditEntry entry = testbed.audit().getEntries(1).get(0);
        assertThat(entry.user() + " " + entry.action() + " " + entry.result(), is("alice slice.create OK"));

        String before = testbed.slices().getSlices().toString();
        JsonNode foreign = only("alice", SliceActionsHandler.RELEASE, "{\"id\": 2}");
        assertThat(foreign.get("code").asInt(), is(404));
        assertThat(foreign.get("message").asText(), is("no slice with id 2"));
        assertThat(testbed.slices().getSlices().toString(), is(before));
    }

    @Test
    public void anybodyElseIsRefusedWithTheRestApisError() throws Exception {
        String before = state();
        assertError(send("carol", "POST", "ui/events", "application/json",
                         "{\"event\": \"" + SlicesTableHandler.REQUEST + "\", \"payload\": {}}"), 403,
                    "user carol is neither a p4slice operator nor a tenant's user and may not change anything");
        assertError(send("carol", "POST", "ui/events", "application/json",
                         "{\"event\": \"" + SliceActionsHandler.RELEASE + "\", \"payload\": {\"id\": 1}}"), 403,
                    "user carol is neither a p4slice operator nor a tenant's user and may not change anything");
        assertThat(send(null, "GET", "ui/", null, null).statusCode(), is(401));
        assertThat("a tenant's user with ONOS's password scheme", send("bob", "GET", "ui/", null, null)
                .statusCode(), is(200));
        assertThat(send("eve", "GET", "ui/", null, null).statusCode(), is(403));
        assertThat(state(), is(before));
    }

    @Test
    public void thePortalMayNotBeFramedAndRunsItsOwnScriptsOnly() throws Exception {
        for (String path : new String[] {"ui/", "ui/p4slice-portal.js", "ui/nothing"}) {
            HttpResponse<String> r = send("alice", "GET", path, null, null);
            assertThat(path, r.headers().firstValue("X-Frame-Options").orElse(""), is("DENY"));
            assertThat(path, r.headers().firstValue("Content-Security-Policy").orElse(""),
                       is(PortalServlet.CONTENT_SECURITY_POLICY));
        }
        assertThat(PortalServlet.CONTENT_SECURITY_POLICY, containsString("frame-ancestors 'none'"));
        assertThat(PortalServlet.CONTENT_SECURITY_POLICY, containsString("script-src 'self';"));
    }

    @Test
    public void traceEchoesNothing() throws Exception {
        HttpResponse<String> r = send("alice", "TRACE", "ui/", null, null);
        assertThat(r.statusCode(), is(403));
        assertThat(r.body(), not(containsString("Authorization")));
        assertThat(r.body(), not(containsString("Basic ")));
    }

    @Test
    public void aWrongPasswordIsTheSameAsAnUnknownUser() throws Exception {
        int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
        List<String> answers = new ArrayList<>();
        for (String credentials : new String[] {"alice:alicepw", "alice:wrong-password", "mallory:alice-portal-pw",
                "onos:alice-portal-pw"}) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/onos/p4slice/ui/"))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                            credentials.getBytes(StandardCharsets.UTF_8))).build(),
                                               HttpResponse.BodyHandlers.ofString());
            answers.add(r.statusCode() + " " + r.headers().firstValue("WWW-Authenticate").orElse("") + " " + r.body());
        }
        assertThat(answers.get(0), startsWith("401 Basic realm=\"p4slice\""));
        assertThat(Set.copyOf(answers).size(), is(1));
    }

    @Test
    public void malformedEventsAreRefusedAndChangeNothing() throws Exception {
        String before = state();
        String release = "{\"event\": \"" + SliceActionsHandler.RELEASE + "\", \"payload\": {\"id\": 1}}";
        assertError(send("alice", "POST", "ui/events", "text/plain", release), 415,
                    "events must be sent as application/json, got text/plain");
        assertError(send("alice", "POST", "ui/other", "application/json", release), 404,
                    "the portal takes events at ui/events only, not ui/other");
        assertError(send("alice", "POST", "ui/events", "application/json", "[" + release + "]"), 400,
                    "expected a GUI event {\"event\": \"<type>\", \"payload\": {...}}");
        assertError(send("alice", "POST", "ui/events", "application/json", "{\"event\": 5}"), 400,
                    "expected a GUI event {\"event\": \"<type>\", \"payload\": {...}}");
        assertError(send("alice", "POST", "ui/events", "application/json", "{\"event\":"), 400,
                    "request body is not valid JSON: Unexpected end-of-input within/between Object entries"
                            + " (line 1, column 10)");
        assertError(send("alice", "POST", "ui/events", "application/json", "[".repeat(100_000)), 400,
                    "request body nests arrays and objects more than 32 levels deep");
        assertThat(event("alice", "p4sliceNoSuchEvent", "{}").size(), is(0));
        assertThat(state(), is(before));
    }
}

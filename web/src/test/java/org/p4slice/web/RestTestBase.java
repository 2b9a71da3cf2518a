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
package org.p4slice.web;

import org.p4slice.testbed.RestServices;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.After;
import org.junit.Before;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.rest.resources.ResourceTest;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.testbed.SliceStatsServiceAdapter;
import org.p4slice.testbed.SlicingTestbed;

import javax.ws.rs.client.Entity;
import javax.ws.rs.client.WebTarget;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.p4slice.pipeconf.P4SlicePipeconfIds;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * REST tests over the real slice manager: a testbed of two p4slice switches s1 and s2 (ports 1..4
 * at 100 Mbps, s1/4 linked to s2/4) and a switch s3 running another pipeconf, the real web
 * application, codecs and exception mappers in Jersey's test container.
 */
public abstract class RestTestBase extends ResourceTest {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    static final DeviceId S3 = DeviceId.deviceId("device:bmv2:s3");
    static final long PORT_BPS = 100_000_000L;

    protected SlicingTestbed testbed;
    /** Statistics the stats service knows, per slice. */
    protected final Map<SliceId, SliceStats> knownStats = new ConcurrentHashMap<>();

    /**
     * Creates the test with the p4slice web application.
     */
    protected RestTestBase() {
        super(ResourceConfig.forApplicationClass(P4SliceWebApplication.class).register(TestIdentity.class));
    }

    @Before
    public void setUpTestbed() {
        testbed = new SlicingTestbed();
        for (String name : new String[]{"s1", "s2"}) {
            DeviceId d = DeviceId.deviceId("device:bmv2:" + name);
            testbed.addSwitch(d.toString(), P4SlicePipeconfIds.BMV2_PIPECONF_ID, behaviours(d));
            for (int p = 1; p <= 4; p++) {
                testbed.addPort(d, p, PORT_BPS);
            }
        }
        DeviceId s3 = testbed.addSwitch(S3.toString(), new PiPipeconfId("org.onosproject.pipelines.basic"));
        testbed.addPort(s3, 1, PORT_BPS);
        testbed.connect(cp(S1, 4), cp(S2, 4));
        configure(testbed);
        testbed.startAll();
        setServiceDirectory(RestServices.directory(testbed, statsService()));
    }

    /**
     * Lets a test change the testbed before it starts.
     *
     * @param tb testbed
     */
    protected void configure(SlicingTestbed tb) {
    }

    /**
     * Returns the behaviours of the p4slice switches s1 and s2 (as their driver would give them).
     *
     * @param device s1 or s2
     * @return none by default
     */
    protected Map<Class<?>, Behaviour> behaviours(DeviceId device) {
        return Map.of();
    }

    /**
     * Returns the statistics service of the slicing app, once the testbed runs.
     *
     * @return by default one that serves {@link #knownStats}
     */
    protected SliceStatsService statsService() {
        return new SliceStatsServiceAdapter(knownStats);
    }

    @After
    public void tearDownTestbed() {
        testbed.stop();
    }

    static ConnectPoint cp(DeviceId d, long port) {
        return new ConnectPoint(d, PortNumber.portNumber(port));
    }

    static String q(String json) {
        return json.replace('\'', '"');
    }

    static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Response get(String path) {
        return target(path).request().get();
    }

    Response get(String path, String param, String value) {
        return target(path).queryParam(param, value).request().get();
    }

    Response post(String path, String body) {
        return target(path).request().post(Entity.entity(q(body), MediaType.APPLICATION_JSON_TYPE));
    }

    Response put(String path, String body) {
        return target(path).request().put(Entity.entity(q(body), MediaType.APPLICATION_JSON_TYPE));
    }

    Response delete(String path) {
        return target(path).request().delete();
    }

    /**
     * Sends the request of an invalid-input case (see {@code invalid-inputs.json}): its method, path,
     * query parameters and raw body ({@code bodySpaces}: that many spaces; {@code bodyRepeat}: a text
     * repeated), as {@code mediaType}
     * (application/json if absent).
     *
     * @param c case
     * @return response
     */
    Response send(JsonNode c) {
        WebTarget t = target(c.get("path").asText());
        for (Iterator<Map.Entry<String, JsonNode>> q = c.path("query").fields(); q.hasNext();) {
            Map.Entry<String, JsonNode> e = q.next();
            t = t.queryParam(e.getKey(), e.getValue().asText());
        }
        JsonNode repeat = c.get("bodyRepeat");
        String body = c.has("bodySpaces") ? " ".repeat(c.get("bodySpaces").asInt())
                : repeat != null ? repeat.get("text").asText().repeat(repeat.get("times").asInt())
                : c.path("body").asText(null);
        MediaType type = c.has("mediaType") ? MediaType.valueOf(c.get("mediaType").asText())
                : MediaType.APPLICATION_JSON_TYPE;
        String method = c.get("method").asText();
        return body == null ? t.request().method(method) : t.request().method(method, Entity.entity(body, type));
    }

    static JsonNode body(Response r) {
        return json(r.readEntity(String.class));
    }

    /**
     * Returns GET /slices as text.
     *
     * @return the slice list
     */
    String slices() {
        Response r = get("slices");
        assertThat(r.getStatus(), is(200));
        return r.readEntity(String.class);
    }

    /**
     * Asserts an error response: status, JSON type and body {code, message}.
     *
     * @param r       response
     * @param status  expected status
     * @param message expected message
     */
    static void assertError(Response r, int status, String message) {
        String text = r.readEntity(String.class);
        assertThat(text, r.getStatus(), is(status));
        assertThat(r.getHeaders() + " " + text, r.getMediaType() != null, is(true));
        assertThat(r.getMediaType().isCompatible(MediaType.APPLICATION_JSON_TYPE), is(true));
        JsonNode n = json(text);
        assertThat(text, n.size(), is(2));
        assertThat(n.get("code").asInt(), is(status));
        assertThat(n.get("message").asText(), is(message));
    }

    /**
     * Creates a slice through REST and returns it.
     *
     * @param body request (single quotes allowed)
     * @return the created slice
     */
    JsonNode create(String body) {
        Response r = post("slices", body);
        String text = r.readEntity(String.class);
        assertThat(text, r.getStatus(), is(201));
        return json(text);
    }

    static String access(DeviceId d, int port) {
        return "{'device': '" + d + "', 'port': " + port + ", 'mode': 'access'}";
    }

    static String trunk(DeviceId d, int port) {
        return "{'device': '" + d + "', 'port': " + port + ", 'mode': 'trunk'}";
    }
}

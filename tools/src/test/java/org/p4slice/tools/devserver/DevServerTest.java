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
package org.p4slice.tools.devserver;

import org.p4slice.devserver.DevServer;
import org.p4slice.devserver.DevServerOptions;
import org.p4slice.devserver.TrafficModel;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.After;
import org.junit.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;

import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * The embedded dev server, over real HTTP on an ephemeral loopback port: authentication, and a
 * create / list / stats / capacity / delete round trip on the example scenario.
 */
public class DevServerTest {

    /** The first page of an empty slice listing. */
    private static final String NO_SLICES =
            "{\"slices\":[],\"total\":0,\"offset\":0,\"limit\":100,\"nextOffset\":null}";

    private static final long FAIRNESS_WAIT_MS = 20_000;
    private static final long POLL_MS = 200;
    private static final Path SCENARIO = Paths.get("../mininet-tests/scenarios/two-switch-four-slices.json");
    private static final String AUTH = "Basic " + Base64.getEncoder().encodeToString(
            (DevServer.USER + ":" + DevServer.PASSWORD).getBytes(StandardCharsets.UTF_8));

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper mapper = new ObjectMapper();
    private DevServer dev;

    @After
    public void stop() {
        if (dev != null) {
            dev.stop();
        }
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + dev.port() + DevServer.CONTEXT + "/" + path);
    }

    private HttpResponse<String> send(HttpRequest.Builder b) throws IOException, InterruptedException {
        return http.send(b.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path)).header("Authorization", AUTH).GET());
    }

    private JsonNode json(HttpResponse<String> r) throws IOException {
        return mapper.readTree(r.body());
    }

    @Test
    public void roundTripOverHttp() throws Exception {
        dev = DevServer.start(DevServerOptions.ephemeral(SCENARIO, false));

        HttpResponse<String> anonymous = send(HttpRequest.newBuilder(uri("slices")).GET());
        assertThat(anonymous.statusCode(), is(401));
        // p4slice's own HTTP Basic (tenants' users, then ONOS's login): realm p4slice
        assertThat(anonymous.headers().firstValue("WWW-Authenticate").orElse(""), containsString("p4slice"));
        HttpResponse<String> wrong = send(HttpRequest.newBuilder(uri("slices")).header("Authorization",
                "Basic " + Base64.getEncoder().encodeToString("onos:wrong".getBytes(StandardCharsets.UTF_8))).GET());
        assertThat(wrong.statusCode(), is(401));

        // the scenario declares four slices, but a fresh dev server has none
        assertThat(get("slices").body(), is(NO_SLICES));

        String request = "{\"name\": \"lab-a\", \"tenant\": \"itb\", \"quotaBps\": 8000000, \"endpoints\": ["
                + "{\"device\": \"device:bmv2:s1\", \"port\": 1, \"mode\": \"access\"},"
                + "{\"device\": \"device:bmv2:s2\", \"port\": 1, \"mode\": \"access\"}]}";
        HttpResponse<String> created = send(HttpRequest.newBuilder(uri("slices")).header("Authorization", AUTH)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(request)));
        assertThat(created.body(), created.statusCode(), is(201));
        assertThat(created.headers().firstValue("Location").orElse(""),
                   is("http://127.0.0.1:" + dev.port() + "/onos/p4slice/slices/1"));
        JsonNode slice = json(created);
        assertThat(slice.get("state").asText(), is("ACTIVE"));
        assertThat(slice.get("vlan").asInt(), is(100));
        assertThat(dev.testbed().programming.size(), greaterThan(0));

        JsonNode list = json(get("slices"));
        assertThat(list.get("slices").size(), is(1));
        assertThat(list.get("slices").get(0), is(slice));

        HttpResponse<String> stats = get("slices/1/stats");
        assertThat(stats.statusCode(), is(200));
        assertThat(json(stats).get("rxBytes").asLong(), is(0L));

        JsonNode capacity = json(get("capacity"));
        assertThat(capacity.get("ports").size(), is(10));
        assertThat(capacity.get("links").get(0).get("allocatedBps").asLong(), is(8_000_000L));

        HttpResponse<String> deleted = send(HttpRequest.newBuilder(uri("slices/1"))
                .header("Authorization", AUTH).DELETE());
        assertThat(deleted.statusCode(), is(204));
        HttpResponse<String> gone = get("slices/1");
        assertThat(gone.statusCode(), is(404));
        assertThat(gone.body(), is("{\"code\":404,\"message\":\"no slice with id 1\"}"));
        assertThat(dev.testbed().flows.installed(org.onosproject.net.DeviceId.deviceId("device:bmv2:s1")).size(),
                   is(0));
    }

    @Test
    public void booksASlotOverHttp() throws Exception {
        dev = DevServer.start(DevServerOptions.ephemeral(SCENARIO, false));
        Instant start = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
        String booking = "{\"tenant\": \"itb\", \"start\": \"" + start + "\", \"end\": \""
                + start.plus(Duration.ofHours(2)) + "\", \"slice\": {\"name\": \"lab-a\", \"quotaBps\": 8000000, "
                + "\"endpoints\": [{\"device\": \"device:bmv2:s1\", \"port\": 1, \"mode\": \"access\"}]}}";
        HttpResponse<String> created = send(HttpRequest.newBuilder(uri("reservations"))
                .header("Authorization", AUTH).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(booking)));
        assertThat(created.body(), created.statusCode(), is(201));
        assertThat(created.headers().firstValue("Location").orElse(""),
                   is("http://127.0.0.1:" + dev.port() + "/onos/p4slice/reservations/1"));
        JsonNode r = json(created);
        assertThat(r.get("state").asText(), is("SCHEDULED"));
        assertThat(r.get("start").asText(), is(start.toString()));
        assertThat(json(get("reservations")).get("reservations").get(0), is(r));
        // the slot has not started: no slice yet
        assertThat(get("slices").body(), is(NO_SLICES));
        HttpResponse<String> cancelled = send(HttpRequest.newBuilder(uri("reservations/1"))
                .header("Authorization", AUTH).DELETE());
        assertThat(cancelled.statusCode(), is(204));
        assertThat(json(get("reservations/1")).get("state").asText(), is("CANCELLED"));
    }

    @Test
    public void withSlicesCreatesTheScenarioSlices() throws Exception {
        dev = DevServer.start(DevServerOptions.ephemeral(SCENARIO, true));
        JsonNode slices = json(get("slices")).get("slices");
        assertThat(slices.size(), is(4));
        for (int i = 0; i < 4; i++) {
            assertThat(slices.get(i).get("id").asInt(), is(10 * (i + 1)));
            assertThat(slices.get(i).get("vlan").asInt(), is(100 + 10 * (i + 1)));
            assertThat(slices.get(i).get("state").asText(), is("ACTIVE"));
        }
    }

    /**
     * The fairness app runs over the simulated counters: every slice offered twice its quota delivers
     * its quota (the meter drops the rest), and /fairness, /metrics and the stats say so.
     */
    @Test
    public void fairnessFiguresMoveWithTheSimulatedTraffic() throws Exception {
        dev = DevServer.start(DevServerOptions.ephemeral(SCENARIO, true).traffic(TrafficModel.parse("steady:2")));
        long deadline = System.currentTimeMillis() + FAIRNESS_WAIT_MS;
        JsonNode report = json(get("fairness"));
        while (!deliversQuotas(report) && System.currentTimeMillis() < deadline) {
            Thread.sleep(POLL_MS);
            report = json(get("fairness"));
        }
        assertThat(report.toString(), deliversQuotas(report), is(true));
        for (JsonNode s : report.get("slices")) {
            assertThat(s.toString(), s.get("offeredBps").asDouble() / s.get("quotaBps").asDouble(),
                       closeTo(2.0, 0.1));
        }
        assertThat(report.get("cv").asDouble(), closeTo(0.0, 0.05));
        assertThat(report.get("jain").asDouble(), closeTo(1.0, 0.01));
        HttpResponse<String> metrics = get("metrics");
        assertThat(metrics.statusCode(), is(200));
        assertThat(metrics.body(), containsString("p4slice_"));
        JsonNode stats = json(get("slices/10/stats"));
        assertThat(stats.toString(), stats.get("rxBytes").asLong(), greaterThan(0L));
        assertThat(stats.toString(), stats.get("dropBytes").asLong(), greaterThan(0L));
    }

    // four slices, each delivering its quota within 5 %
    private static boolean deliversQuotas(JsonNode report) {
        JsonNode slices = report.path("slices");
        if (slices.size() != 4) {
            return false;
        }
        for (JsonNode s : slices) {
            if (Math.abs(s.path("rateBps").asDouble() / s.path("quotaBps").asDouble() - 1) > 0.05) {
                return false;
            }
        }
        return true;
    }

    @Test
    public void stopReleasesThePort() throws Exception {
        dev = DevServer.start(DevServerOptions.ephemeral(SCENARIO, false));
        int port = dev.port();
        dev.stop();
        dev = null;
        try (ServerSocket s = new ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertThat(s.getLocalPort(), is(port));
        }
    }
}

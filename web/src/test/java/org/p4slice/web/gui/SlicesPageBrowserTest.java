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
import org.junit.After;
import org.junit.AfterClass;
import org.junit.Assume;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.Timeout;
import org.p4slice.devserver.DevServer;
import org.p4slice.devserver.DevServerOptions;
import org.p4slice.devserver.TrafficModel;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;

/**
 * The GUI view "Slices" in Debian's headless Chromium, against the dev server's tenant portal: the
 * view's own partial, scripts and style sheet with its real message handlers behind them
 * ({@link PortalPage}; ONOS's GUI carries the same events over its websocket), over the slice
 * manager and store on ONOS's adapters, with the four slices of the example scenario, on loopback:
 * what the view shows, creating, updating, refusing and releasing slices and booking and cancelling
 * reservations through it as an operator would, and its pure JavaScript helpers. One browser serves
 * the class; every test gets a fresh dev server. A missing browser fails the test (CI installs it);
 * {@code -Dp4slice.browser.skip=true} skips it on purpose. The same view inside a real ONOS is
 * tested by mininet-tests/tests/onos/test_h_gui.py.
 */
public class SlicesPageBrowserTest {

    /** System property that skips the browser tests. */
    static final String SKIP_PROPERTY = "p4slice.browser.skip";

    private static final Path SCENARIO = Paths.get("../mininet-tests/scenarios/two-switch-four-slices.json");
    private static final Path SCREENSHOT = Paths.get("target/p4slice-gui.png");
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final int REFRESH_MS = 1000;
    private static final String AUTH = "Basic " + Base64.getEncoder().encodeToString(
            (DevServer.USER + ":" + DevServer.PASSWORD).getBytes(StandardCharsets.UTF_8));
    private static final String ROWS = "#slices tbody tr";
    private static final String FAIR_ENDPOINTS = "device:bmv2:s1/4 access, device:bmv2:s2/4 access";

    @Rule
    public Timeout timeout = Timeout.seconds(120);

    private static HeadlessChromium browser;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper mapper = new ObjectMapper();
    private DevServer dev;

    @BeforeClass
    public static void startBrowser() throws IOException {
        Assume.assumeFalse("GUI browser tests skipped (-D" + SKIP_PROPERTY + "=true)",
                           Boolean.getBoolean(SKIP_PROPERTY));
        Path chromium = HeadlessChromium.binary();
        if (!Files.isExecutable(chromium)) {
            fail("headless Chromium is missing at " + chromium + ": install Debian's chromium (.ci/run does) "
                         + "or skip the GUI tests with -D" + SKIP_PROPERTY + "=true");
        }
        browser = HeadlessChromium.start(1400, 1000);
        // the dev server asks for ONOS's BASIC credentials, like ONOS; the browser sends them
        browser.extraHeaders(Map.of("Authorization", AUTH));
    }

    @AfterClass
    public static void stopBrowser() {
        if (browser != null) {
            browser.close();
            browser = null;
        }
    }

    // a fresh dev server (own port, so a fresh origin) with the scenario's four slices, and the page on it;
    // slice 30 offers no traffic, so its statistics hold still while the page and REST are compared
    @Before
    public void start() throws Exception {
        dev = DevServer.start(DevServerOptions.ephemeral(SCENARIO, true)
                                      .traffic(TrafficModel.parse(TrafficModel.DEFAULT + ",30=0")));
        browser.clearPageErrors();
        browser.navigate(url("ui/?refresh=" + REFRESH_MS), WAIT);
        browser.waitFor("document.querySelectorAll('" + ROWS + "').length === 4", WAIT);
    }

    @After
    public void stop() {
        try {
            if (browser != null) {
                browser.navigate("about:blank", WAIT);
            }
        } finally {
            if (dev != null) {
                dev.stop();
            }
        }
    }

    private String url(String path) {
        return "http://127.0.0.1:" + dev.port() + DevServer.CONTEXT + "/" + path;
    }

    private HttpResponse<String> rest(String method, String path, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url(path))).timeout(Duration.ofSeconds(10))
                .header("Authorization", AUTH);
        if (body != null) {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode restSlices() throws Exception {
        return mapper.readTree(rest("GET", "slices", null).body()).get("slices");
    }

    // the text of every cell with this class in the slices table, top to bottom
    private List<String> column(String cls) {
        List<String> values = new ArrayList<>();
        browser.evaluate("Array.from(document.querySelectorAll('" + ROWS + " td." + cls
                                 + "')).map(function (c) { return c.textContent; })")
                .forEach(v -> values.add(v.asText()));
        return values;
    }

    private String cell(String rowSelector, String cls) {
        return browser.text("document.querySelector(" + HeadlessChromium.quote(rowSelector + " td." + cls)
                                    + ").textContent");
    }

    private String linkRow() {
        return "#capacity-links tbody tr";
    }

    private String message() {
        return browser.text("document.getElementById('message').hidden ? ''"
                                    + " : document.getElementById('message-text').textContent");
    }

    private String messageStatus() {
        return browser.text("document.getElementById('message-status').textContent");
    }

    private void release(long id) {
        String button = "button[data-release=\"" + id + "\"]";
        browser.click(button);
        assertThat(browser.text("document.querySelector(" + HeadlessChromium.quote(button) + ").textContent"),
                   is("Confirm release"));
        browser.click(button);
        browser.waitFor("document.querySelector('" + ROWS + "[data-slice-id=\"" + id + "\"]') === null", WAIT);
    }

    @Test
    public void showsTheScenarioSlicesCapacityStatsAndFairness() throws Exception {
        assertThat(column("num:first-child"), is(List.of("10", "20", "30", "40")));
        assertThat(column("name"), is(List.of("lab-a", "lab-b", "lab-c", "lab-d")));
        assertThat(column("tenant"), is(List.of("itb", "itb", "ui", "ui")));
        assertThat(column("vlan"), is(List.of("110", "120", "130", "140")));
        assertThat(column("quota"), is(List.of("8 Mb/s", "8 Mb/s", "10 Mb/s", "10 Mb/s")));
        assertThat(column("state"), is(List.of("ACTIVE", "ACTIVE", "ACTIVE", "ACTIVE")));
        assertThat(column("endpoints").get(0), is("device:bmv2:s1/1 access, device:bmv2:s2/1 access"));
        assertThat(browser.text("document.getElementById('slice-count').textContent"), is("(4)"));
        // one line per switch of the slice, with what it holds (GET /slices/{id}/devices)
        List<String> switches = new ArrayList<>();
        browser.evaluate("Array.from(document.querySelectorAll('" + ROWS + "[data-slice-id=\"10\"] td.devices"
                                 + " div.device')).map(function (d) { return d.textContent; })")
                .forEach(v -> switches.add(v.asText()));
        assertThat(switches, is(List.of("device:bmv2:s1 ACTIVE", "device:bmv2:s2 ACTIVE")));

        // statistics of a slice, as /slices/{id}/stats reports them (slice 30 offers no traffic)
        JsonNode stats = mapper.readTree(rest("GET", "slices/30/stats", null).body());
        assertThat(cell(ROWS + "[data-slice-id=\"30\"]", "rx"),
                   is(browser.text("P4slice.formatBps(" + stats.get("rxBps").asLong() + ")")));
        assertThat(column("drops").get(2), is(stats.get("dropPackets").asLong() + " pkts"));

        // capacity: 10 ports; the trunk link carries the four quotas, 36 of its usable 38 Mb/s
        assertThat(browser.evaluate("document.querySelectorAll('#capacity-ports tbody tr').length").asInt(), is(10));
        assertThat(cell(linkRow(), "name"), is("device:bmv2:s1/5 \u2192 device:bmv2:s2/5"));
        assertThat(cell(linkRow(), "usable"), is("38 Mb/s"));
        assertThat(cell(linkRow(), "allocated"), is("36 Mb/s"));
        assertThat(cell(linkRow(), "available"), is("2 Mb/s"));
        assertThat(browser.text("document.getElementById('guard-band').textContent"), is("(guard band 5 %)"));

        // fairness: the dev server's fairness app runs over simulated traffic; the view shows its report
        assertThat(rest("GET", "fairness", null).statusCode(), is(200));
        browser.waitFor("document.getElementById('fairness-summary').textContent.indexOf('Jain') >= 0", WAIT);
        assertThat(browser.text("document.getElementById('fairness-summary').textContent"), startsWith("window "));
        browser.waitFor("document.querySelectorAll('#fairness tbody tr').length === 4", WAIT);
        assertThat(browser.evaluate("document.getElementById('fairness').hidden").asBoolean(), is(false));

        // the page polls: a slice released elsewhere (here through REST) disappears without a click
        assertThat(rest("DELETE", "slices/40", null).statusCode(), is(204));
        browser.waitFor("document.querySelectorAll('" + ROWS + "').length === 3", WAIT);
        assertThat(column("name"), is(List.of("lab-a", "lab-b", "lab-c")));
        assertThat(browser.evaluate("document.getElementById('message').hidden").asBoolean(), is(true));
        assertThat(browser.pageErrors(), is(empty()));
    }

    @Test
    public void createsRefusesAndReleasesSlicesThroughThePage() throws Exception {
        // release lab-d: two clicks (the first only arms the button)
        release(40);
        assertThat(message(), is("Slice 40 released"));
        assertThat(messageStatus(), is("204"));
        assertThat(rest("GET", "slices/40", null).statusCode(), is(404));
        browser.waitFor("document.querySelector('#capacity-links td.allocated').textContent === '26 Mb/s'", WAIT);

        // 15 Mb/s more does not fit the trunk link (26 + 15 > 38): the server's 409 message, verbatim
        browser.type("#f-name", "gui-lab");
        browser.type("#f-tenant", "ui");
        browser.type("#f-quota", "15M");
        browser.type("#f-endpoints", FAIR_ENDPOINTS);
        browser.click("#create");
        browser.waitFor("document.getElementById('message-status').textContent === '409'", WAIT);
        String request = "{\"name\": \"gui-lab\", \"tenant\": \"ui\", \"quotaBps\": 15000000, \"endpoints\": ["
                + "{\"device\": \"device:bmv2:s1\", \"port\": 4, \"mode\": \"access\"},"
                + "{\"device\": \"device:bmv2:s2\", \"port\": 4, \"mode\": \"access\"}]}";
        HttpResponse<String> refused = rest("POST", "slices", request);
        assertThat(refused.statusCode(), is(409));
        String expected = mapper.readTree(refused.body()).get("message").asText();
        assertThat(expected, startsWith("admission refused on link"));
        assertThat(message(), is(expected));
        assertThat(browser.text("document.getElementById('message').className"), is("message error"));
        assertThat(restSlices().size(), is(3));
        browser.screenshot(SCREENSHOT);
        assertThat(Files.size(SCREENSHOT) > 10_000, is(true));

        // 10 Mb/s fits: the slice appears, as the REST side sees it
        browser.type("#f-quota", "10M");
        browser.click("#create");
        browser.waitFor("document.querySelectorAll('" + ROWS + "').length === 4", WAIT);
        JsonNode created = null;
        for (JsonNode s : restSlices()) {
            if (s.get("name").asText().equals("gui-lab")) {
                created = s;
            }
        }
        if (created == null) {
            fail("the REST API does not list gui-lab: " + restSlices());
        }
        long id = created.get("id").asLong();
        assertThat(created.get("quotaBps").asLong(), is(10_000_000L));
        assertThat(created.get("state").asText(), is("ACTIVE"));
        assertThat(created.get("endpoints").size(), is(2));
        String row = ROWS + "[data-slice-id=\"" + id + "\"]";
        assertThat(cell(row, "name"), is("gui-lab"));
        assertThat(cell(row, "tenant"), is("ui"));
        assertThat(cell(row, "vlan"), is(created.get("vlan").asText()));
        assertThat(cell(row, "quota"), is("10 Mb/s"));
        assertThat(cell(row, "endpoints"), is(FAIR_ENDPOINTS));
        assertThat(messageStatus(), is("201"));
        assertThat(message(), is("Slice " + id + " (ui/gui-lab) created: ACTIVE, VLAN " + created.get("vlan").asInt()));
        browser.waitFor("document.querySelector('#capacity-links td.allocated').textContent === '36 Mb/s'", WAIT);

        // release it: gone from the page and from the server, its capacity free again
        release(id);
        assertThat(rest("GET", "slices/" + id, null).statusCode(), is(404));
        assertThat(column("name"), is(List.of("lab-a", "lab-b", "lab-c")));
        browser.waitFor("document.querySelector('#capacity-links td.allocated').textContent === '26 Mb/s'", WAIT);
        assertThat(browser.pageErrors(), is(empty()));
    }

    @Test
    public void updatesSlicesAndBooksAndCancelsReservationsThroughTheView() throws Exception {
        // Edit loads lab-a into the form; a new quota updates it (200), as the REST API sees it
        browser.click("button[data-edit=\"10\"]");
        assertThat(browser.text("document.getElementById('create').textContent"), is("Update slice 10"));
        assertThat(browser.text("document.getElementById('f-name').value"), is("lab-a"));
        browser.type("#f-quota", "6M");
        browser.click("#create");
        browser.waitFor("document.getElementById('message-status').textContent === '200'", WAIT);
        assertThat(message(), is("Slice 10 (itb/lab-a) updated: ACTIVE"));
        assertThat(mapper.readTree(rest("GET", "slices/10", null).body()).get("quotaBps").asLong(), is(6_000_000L));
        browser.waitFor("document.querySelector('" + ROWS + "[data-slice-id=\"10\"] td.quota').textContent"
                                + " === '6 Mb/s'", WAIT);
        assertThat(browser.text("document.getElementById('create').textContent"), is("Create slice"));

        // a reservation booked through its form (times relative to now) on lab-d's ports (released
        // through REST first), listed, then cancelled
        assertThat(rest("DELETE", "slices/40", null).statusCode(), is(204));
        browser.type("#r-name", "booked");
        browser.type("#r-tenant", "ui");
        browser.type("#r-quota", "1M");
        browser.type("#r-start", "+1h");
        browser.type("#r-end", "+2h");
        browser.type("#r-endpoints", FAIR_ENDPOINTS);
        browser.click("#reserve");
        browser.waitFor("!document.getElementById('r-message').hidden", WAIT);
        JsonNode booked = mapper.readTree(rest("GET", "reservations", null).body()).get("reservations").get(0);
        long rid = booked == null ? -1 : booked.get("id").asLong();
        assertThat(browser.text("document.getElementById('r-message-status').textContent + ' '"
                                        + " + document.getElementById('r-message-text').textContent"),
                   is("201 Reservation " + rid + " booked: SCHEDULED"));
        assertThat(booked.get("state").asText(), is("SCHEDULED"));
        String row = "#reservations tbody tr[data-reservation-id=\"" + rid + "\"]";
        browser.waitFor("document.querySelector('" + row + "') !== null", WAIT);
        assertThat(browser.text("document.querySelector('" + row + " td.name').textContent"), is("booked"));
        assertThat(browser.text("document.querySelector('" + row + " td.start').textContent"),
                   is(booked.get("start").asText()));
        String cancel = "button[data-cancel=\"" + rid + "\"]";
        browser.click(cancel);
        browser.click(cancel);
        browser.waitFor("document.getElementById('r-message-status').textContent === '204'", WAIT);
        assertThat(browser.text("document.getElementById('r-message-text').textContent"),
                   is("Reservation " + rid + " cancelled"));
        JsonNode cancelled = mapper.readTree(rest("GET", "reservations/" + rid, null).body());
        assertThat(cancelled.get("state").asText(), is("CANCELLED"));
        String state = "CANCELLED" + (cancelled.get("reason").isNull() ? "" : ": " + cancelled.get("reason").asText());
        browser.waitFor("document.querySelector('" + row + " td.state').textContent === "
                                + HeadlessChromium.quote(state), WAIT);
        // no Cancel button any more
        assertThat(browser.evaluate("document.querySelector('" + cancel + "') === null").asBoolean(), is(true));

        // a refused booking: the server's message next to the reservation form
        browser.type("#r-start", "2026-13-01T00:00:00Z");
        browser.click("#reserve");
        browser.waitFor("document.getElementById('r-message-status').textContent === '400'", WAIT);
        assertThat(browser.text("document.getElementById('r-message-text').textContent"),
                   startsWith("\"start\" must be an ISO-8601 time"));
        assertThat(browser.pageErrors(), is(empty()));
    }

    @Test
    public void refusalsShowTheServersMessageAndChangeNothing() throws Exception {
        browser.type("#f-name", "bad");
        browser.type("#f-tenant", "itb");
        browser.type("#f-quota", "fast");
        browser.type("#f-endpoints", FAIR_ENDPOINTS);
        browser.click("#create");
        browser.waitFor("document.getElementById('message-status').textContent === 'form'", WAIT);
        assertThat(message(), is("quota: \"fast\" is not a rate; use bits per second with an optional k, M or G "
                                         + "suffix, e.g. 10M"));
        assertThat(restSlices().size(), is(4));

        // an endpoint the server refuses (400, unknown device): its message verbatim
        browser.type("#f-quota", "1M");
        browser.type("#f-endpoints", "device:bmv2:s9/1 access");
        browser.click("#create");
        browser.waitFor("document.getElementById('message-status').textContent === '400'", WAIT);
        HttpResponse<String> refused = rest("POST", "slices", "{\"name\": \"bad\", \"tenant\": \"itb\", "
                + "\"quotaBps\": 1000000, \"endpoints\": [{\"device\": \"device:bmv2:s9\", \"port\": 1, "
                + "\"mode\": \"access\"}]}");
        assertThat(refused.statusCode(), is(400));
        assertThat(message(), is(mapper.readTree(refused.body()).get("message").asText()));
        assertThat(restSlices().size(), is(4));

        // releasing a slice someone else released meanwhile (auto refresh off): the 404, verbatim
        browser.click("#auto-refresh");
        assertThat(browser.evaluate("document.getElementById('auto-refresh').checked").asBoolean(), is(false));
        browser.click("button[data-release=\"40\"]");
        assertThat(rest("DELETE", "slices/40", null).statusCode(), is(204));
        browser.click("button[data-release=\"40\"]");
        browser.waitFor("document.getElementById('message-status').textContent === '404'", WAIT);
        assertThat(message(), is("no slice with id 40"));
        browser.waitFor("document.querySelectorAll('" + ROWS + "').length === 3", WAIT);
        assertThat(browser.pageErrors(), is(empty()));
    }

    @Test
    public void pageHelpers() {
        assertThat(js("P4slice.formatBps(8000000)"), is("8 Mb/s"));
        assertThat(js("P4slice.formatBps(12345678)"), is("12.35 Mb/s"));
        assertThat(js("P4slice.formatBps(1500000000)"), is("1.5 Gb/s"));
        assertThat(js("P4slice.formatBps(999)"), is("999 b/s"));
        assertThat(js("P4slice.formatBps(0)"), is("0 b/s"));
        assertThat(js("P4slice.formatBps(null)"), is("\u2014"));
        assertThat(js("P4slice.formatCount(1234567)"), is("1,234,567"));
        assertThat(js("P4slice.formatPercent(0.05)"), is("5 %"));
        assertThat(js("P4slice.parseBps('10M')"), is("10000000"));
        assertThat(js("P4slice.parseBps('2.5 Mb/s')"), is("2500000"));
        assertThat(js("P4slice.parseBps('500kbps')"), is("500000"));
        assertThat(js("P4slice.parseBps('1G')"), is("1000000000"));
        assertThat(js("P4slice.parseBps(' 25000000 ')"), is("25000000"));
        assertThat(jsError("P4slice.parseBps('0')"), is("quota: must be more than 0 bits per second"));
        assertThat(jsError("P4slice.parseBps('-5M')"), startsWith("quota: \"-5M\" is not a rate"));
        assertThat(js("JSON.stringify(P4slice.parseEndpoints('device:bmv2:s1/1 access,\\n device:bmv2:s2/5 trunk;"
                              + "device:bmv2:s2/2'))"),
                   is("[{\"device\":\"device:bmv2:s1\",\"port\":1,\"mode\":\"access\"},"
                              + "{\"device\":\"device:bmv2:s2\",\"port\":5,\"mode\":\"trunk\"},"
                              + "{\"device\":\"device:bmv2:s2\",\"port\":2,\"mode\":\"access\"}]"));
        assertThat(jsError("P4slice.parseEndpoints('s1 port 1')"),
                   is("endpoint \"s1 port 1\": expected <device>/<port> [access|trunk], e.g. device:bmv2:s1/1 access"));
        assertThat(jsError("P4slice.parseEndpoints(' , ')"),
                   is("endpoints: give at least one, e.g. device:bmv2:s1/1 access"));
        assertThat(js("JSON.stringify(P4slice.buildRequest({name: ' lab1 ', tenant: 'itb', quota: '8M', burst: '65536',"
                              + " vlan: '', endpoints: 'device:bmv2:s1/1'}))"),
                   is("{\"name\":\"lab1\",\"tenant\":\"itb\",\"quotaBps\":8000000,\"endpoints\":"
                              + "[{\"device\":\"device:bmv2:s1\",\"port\":1,\"mode\":\"access\"}],"
                              + "\"burstBytes\":65536}"));
        assertThat(jsError("P4slice.buildRequest({name: 'a', tenant: 'b', quota: '1M', vlan: 'x',"
                                   + " endpoints: 'device:bmv2:s1/1'})"), is("VLAN: \"x\" is not a whole number"));
        assertThat(js("P4slice.parseWhen('+10m', 'start', Date.UTC(2026, 10, 21, 10, 0, 0))"),
                   is("2026-11-21T10:10:00.000Z"));
        assertThat(js("P4slice.parseWhen(' 2026-11-21T12:00:00Z ', 'end', 0)"), is("2026-11-21T12:00:00Z"));
        assertThat(jsError("P4slice.parseWhen('', 'start', 0)"),
                   is("start: give a time, e.g. +10m or 2026-11-21T10:00:00Z"));
        assertThat(js("JSON.stringify(P4slice.buildReservation({name: 'r1', tenant: 'itb', quota: '2M',"
                              + " endpoints: 'device:bmv2:s1/1', start: '+1h', end: '+2h'}, 0))"),
                   is("{\"tenant\":\"itb\",\"slice\":{\"name\":\"r1\",\"quotaBps\":2000000,\"endpoints\":"
                              + "[{\"device\":\"device:bmv2:s1\",\"port\":1,\"mode\":\"access\"}]},"
                              + "\"start\":\"1970-01-01T01:00:00.000Z\",\"end\":\"1970-01-01T02:00:00.000Z\"}"));
        assertThat(js("P4slice.resultText({action: 'create', ok: false, code: 409, message: 'vlan 110 is taken'})"),
                   is("vlan 110 is taken"));
        assertThat(js("P4slice.resultText({action: 'release', ok: true, code: 202, ref: 7, slice: {id: 7,"
                              + " tenant: 'itb', name: 'x', state: 'RELEASING'}})"),
                   is("Slice 7 (itb/x) is being released (RELEASING)"));
        assertThat(js("P4slice.resultText({action: 'release', ok: true, code: 204, ref: 7})"), is("Slice 7 released"));
        assertThat(js("P4slice.stateText({state: 'FAILED', reason: 'device:bmv2:s2 is unavailable'})"),
                   is("FAILED: device:bmv2:s2 is unavailable"));
        assertThat(js("P4slice.stateText({state: 'ACTIVE', reason: null})"), is("ACTIVE"));
        assertThat(js("JSON.stringify(P4slice.capacityRows({ports: [], links: [{src: {device: 'a', port: 1},"
                              + " dst: {device: 'b', port: 2}, capacityBps: 40000000, guardBand: 0.05,"
                              + " allocatedBps: 19000000, availableBps: 19000000}]}).links[0])"),
                   is("{\"name\":\"a/1 \u2192 b/2\",\"capacityBps\":40000000,\"guardBand\":0.05,"
                              + "\"usableBps\":38000000,\"allocatedBps\":19000000,\"availableBps\":19000000,"
                              + "\"use\":0.5}"));
        assertThat(js("P4slice.refreshMs('?refresh=100')"), is("500"));
        assertThat(js("P4slice.refreshMs('?a=1&refresh=2000')"), is("2000"));
        assertThat(js("P4slice.refreshMs('')"), is("5000"));
        assertThat(js("P4slice.refreshMs('#/p4slice?refresh=1000')"), is("1000"));
    }

    @Test
    public void onosViewScriptsRegisterTheViewAndTheOverlay() throws Exception {
        // the view's scripts and the overlay's, in the order the GUI loads them (gui/js.html)
        StringBuilder scripts = new StringBuilder();
        for (String name : PortalPage.viewScripts()) {
            scripts.append(" (0, eval)(").append(HeadlessChromium.quote(resource(name))).append(");");
        }
        // the GUI's Angular and WebSocketService, reduced to what the view's scripts use; the view's
        // controller mounts the view on the page's #ov-p4slice, asks for its data, and lets go on $destroy
        String result = js("(function () {"
                + " var registered = {}, logged = [], destroy = null, sent = [], bound = [], unbound = [];"
                + " var wss = {sendEvent: function (e) { sent.push(e); },"
                + "   bindHandlers: function (h) { bound.push(Object.keys(h).sort().join()); },"
                + "   unbindHandlers: function (h) { unbound.push(Object.keys(h).length); }};"
                + " var module = {controller: function (cname, spec) { registered.controller = cname;"
                + "     registered.injects = spec.slice(0, -1);"
                + "     spec[spec.length - 1]({log: function (m) { logged.push(m); }},"
                + "         {$on: function (ev, f) { destroy = ev; f(); }}, wss);"
                + "     return this; },"
                + "   run: function (spec) { registered.runInjects = spec.slice(0, -1);"
                + "     spec[spec.length - 1]({debug: function () {}}, {register: function (o) {"
                + "       registered.overlay = o.overlayId; registered.keys = o.keyBindings._keyOrder; }},"
                + "       wss, {flash: function () {}}); return this; }};"
                + " window.angular = {module: function (name, deps) {"
                + "   registered.modules = (registered.modules || []).concat([name + (deps ? '[]' : '')]);"
                + "   return module; }};"
                + " var keep = window.P4slice;"
                + scripts
                + " delete window.angular; window.P4slice = keep;"
                + " return JSON.stringify([registered, logged, destroy, sent, bound, unbound]); })()");
        assertThat(result, is("[{\"modules\":[\"ovP4slice[]\",\"ovP4slice\"],\"controller\":\"OvP4sliceCtrl\","
                                      + "\"injects\":[\"$log\",\"$scope\",\"WebSocketService\"],"
                                      + "\"runInjects\":[\"$log\",\"TopoOverlayService\",\"WebSocketService\","
                                      + "\"FlashService\"],\"overlay\":\"p4slice-overlay\","
                                      + "\"keys\":[\"leftArrow\",\"rightArrow\",\"0\"]},"
                                      + "[\"OvP4sliceCtrl has been created\",\"OvP4sliceCtrl has been destroyed\"],"
                                      + "\"$destroy\",[\"p4sliceSlicesRequest\",\"p4sliceCapacityRequest\","
                                      + "\"p4sliceFairnessRequest\",\"p4sliceReservationsRequest\"],"
                                      + "[\"p4sliceActionResult,p4sliceCapacityResponse,p4sliceFairnessResponse,"
                                      + "p4sliceReservationsResponse,p4sliceSlicesResponse\"],[5]]"));
    }

    private String resource(String name) throws IOException {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(name)) {
            assertThat(name, in != null, is(true));
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private String js(String expression) {
        return browser.text(expression);
    }

    private String jsError(String expression) {
        return js("(function () { try { " + expression + "; return 'no error'; } catch (e) { return e.message; } })()");
    }
}

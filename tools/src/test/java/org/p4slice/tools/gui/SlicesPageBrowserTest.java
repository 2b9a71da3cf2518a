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
package org.p4slice.tools.gui;

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
import org.p4slice.tools.devserver.DevServer;
import org.p4slice.tools.devserver.DevServerOptions;

import java.io.IOException;
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

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;

/**
 * The slices page in Debian's headless Chromium, against the dev server (the real REST
 * resources, slice manager and store over ONOS's adapters) with the four slices of the example
 * scenario, both on loopback: what the page shows, creating, refusing and releasing slices
 * through it as an operator would, and its pure JavaScript helpers. One browser serves the class;
 * every test gets a fresh dev server. A missing browser fails the test (CI installs it);
 * {@code -Dp4slice.browser.skip=true} skips it on purpose.
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

    // a fresh dev server (own port, so a fresh origin) with the scenario's four slices, and the page on it
    @Before
    public void start() throws Exception {
        dev = DevServer.start(DevServerOptions.ephemeral(SCENARIO, true));
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

        // statistics of each slice, as /slices/{id}/stats reports them (no traffic on the dev server)
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

        // fairness: shown when the server has it, otherwise the page says why
        HttpResponse<String> fairness = rest("GET", "fairness", null);
        String summary = browser.text("document.getElementById('fairness-summary').textContent");
        if (fairness.statusCode() == 200) {
            assertThat(summary, startsWith("window "));
            assertThat(browser.evaluate("document.getElementById('fairness').hidden").asBoolean(), is(false));
        } else {
            String why = mapper.readTree(fairness.body()).get("message").asText();
            assertThat(summary, containsString("(" + (why.startsWith("HTTP ") ? why
                    : "HTTP " + fairness.statusCode() + ": " + why) + ")."));
            assertThat(browser.evaluate("document.getElementById('fairness').hidden").asBoolean(), is(true));
        }

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
        assertThat(message(), is("Slice 40 (ui/lab-d) released"));
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
        assertThat(js("P4slice.apiBase('/onos/p4slice/ui/')"), is("/onos/p4slice/"));
        assertThat(js("P4slice.apiBase('/onos/p4slice/ui')"), is("/onos/p4slice/"));
        assertThat(js("P4slice.apiBase('/onos/p4slice/ui/index.html')"), is("/onos/p4slice/"));
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
        assertThat(js("P4slice.errorMessage(409, 'Conflict', '{\"code\":409,\"message\":\"vlan 110 is taken\"}')"),
                   is("vlan 110 is taken"));
        assertThat(js("P4slice.errorMessage(502, 'Bad Gateway', '<html>proxy</html>')"), is("HTTP 502 Bad Gateway"));
        assertThat(js("P4slice.errorMessage(500, '', '')"), is("HTTP 500"));
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
    }

    @Test
    public void onosViewScriptRegistersItsModuleAndController() throws Exception {
        String script = new String(getClass().getClassLoader()
                .getResourceAsStream("app/view/p4slice/p4slice.js").readAllBytes(), StandardCharsets.UTF_8);
        // the GUI's Angular, reduced to what the view script uses
        String result = js("(function () {"
                + " var registered = {}, logged = [], destroy = null;"
                + " window.angular = {module: function (name, deps) {"
                + "   registered.module = name; registered.deps = deps;"
                + "   return {controller: function (cname, spec) { registered.controller = cname;"
                + "     registered.injects = spec.slice(0, -1);"
                + "     spec[spec.length - 1]({log: function (m) { logged.push(m); }},"
                + "         {$on: function (ev, f) { destroy = ev; }});"
                + "     return this; }}; }};"
                + " (0, eval)(" + HeadlessChromium.quote(script) + ");"
                + " delete window.angular;"
                + " return JSON.stringify([registered, logged, destroy]); })()");
        assertThat(result, is("[{\"module\":\"ovP4slice\",\"deps\":[],\"controller\":\"OvP4sliceCtrl\","
                                      + "\"injects\":[\"$log\",\"$scope\"]},[\"OvP4sliceCtrl has been created\"],"
                                      + "\"$destroy\"]"));
    }

    private String js(String expression) {
        return browser.text(expression);
    }

    private String jsError(String expression) {
        return js("(function () { try { " + expression + "; return 'no error'; } catch (e) { return e.message; } })()");
    }
}

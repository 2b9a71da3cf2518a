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
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.p4slice.tools.devserver.DevServer;
import org.p4slice.tools.devserver.DevServerOptions;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThat;

/**
 * The slices page's files over real HTTP from the dev server (the real web.xml, its servlets and
 * authentication): content types, the redirect to {@code ui/}, authentication, read-only, and
 * nothing outside the page's folder reachable.
 */
public class UiPageServletTest {

    private static final String AUTH = "Basic " + Base64.getEncoder().encodeToString(
            (DevServer.USER + ":" + DevServer.PASSWORD).getBytes(StandardCharsets.UTF_8));

    private static DevServer dev;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ObjectMapper mapper = new ObjectMapper();

    @BeforeClass
    public static void startServer() throws Exception {
        dev = DevServer.start(DevServerOptions.ephemeral(
                Paths.get("../mininet-tests/scenarios/two-switch-four-slices.json"), false));
    }

    @AfterClass
    public static void stopServer() {
        if (dev != null) {
            dev.stop();
        }
    }

    private HttpResponse<String> get(String rawPath, boolean auth) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + dev.port()
                + DevServer.CONTEXT + "/" + rawPath)).timeout(Duration.ofSeconds(10)).GET();
        if (auth) {
            b.header("Authorization", AUTH);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String type(HttpResponse<?> r) {
        return r.headers().firstValue("Content-Type").orElse("").toLowerCase().replace(" ", "");
    }

    @Test
    public void servesThePageAndItsFiles() throws Exception {
        HttpResponse<String> page = get("ui/", true);
        assertThat(page.statusCode(), is(200));
        assertThat(type(page), is("text/html;charset=utf-8"));
        assertThat(page.body(), containsString("<script src=\"p4slice.js\"></script>"));
        assertThat(page.headers().firstValue("X-Content-Type-Options").orElse(""), is("nosniff"));
        assertThat(page.headers().firstValue("X-Frame-Options").orElse(""), is("SAMEORIGIN"));
        assertThat(get("ui/index.html", true).body(), is(page.body()));

        HttpResponse<String> js = get("ui/p4slice.js", true);
        assertThat(js.statusCode(), is(200));
        assertThat(type(js), is("application/javascript;charset=utf-8"));
        assertThat(js.body(), containsString("window.P4slice = {"));

        HttpResponse<String> css = get("ui/p4slice.css", true);
        assertThat(css.statusCode(), is(200));
        assertThat(type(css), is("text/css;charset=utf-8"));
    }

    @Test
    public void redirectsToTheFolder() throws Exception {
        HttpResponse<String> r = get("ui", true);
        assertThat(r.statusCode(), is(303));
        assertThat(r.headers().firstValue("Location").orElse(""),
                   is("http://127.0.0.1:" + dev.port() + "/onos/p4slice/ui/"));
    }

    @Test
    public void isReadOnly() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + dev.port()
                + DevServer.CONTEXT + "/ui/index.html")).timeout(Duration.ofSeconds(10)).header("Authorization", AUTH)
                .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode(), is(405));
        assertThat(r.headers().firstValue("Allow").orElse(""), is("GET, HEAD"));
        assertThat(r.body(), is("{\"code\":405,\"message\":\"the slices page is read-only: POST is not allowed, "
                + "only GET\"}"));
    }

    @Test
    public void needsTheOnosCredentials() throws Exception {
        assertThat(get("ui/", false).statusCode(), is(401));
        assertThat(get("ui/p4slice.js", false).statusCode(), is(401));
    }

    @Test
    public void refusesEverythingOutsideThePageFolder() throws Exception {
        for (String path : List.of("ui/missing.js", "ui/.p4slice.js", "ui/p4slice.js.bak", "ui/p4slice",
                                   "ui/UiPageServlet.class", "ui/..%2FWEB-INF%2Fweb.xml",
                                   "ui/%2e%2e%2f%2e%2e%2fWEB-INF%2fweb.xml", "ui/..%5Cdefinitions%5CSlice.json",
                                   "ui/%2e%2e", "ui/sub/p4slice.js", "ui/..;/..;/WEB-INF/web.xml")) {
            HttpResponse<String> r = get(path, true);
            assertThat(path, r.statusCode() == 200, is(false));
            assertThat(path, r.body(), not(containsString("web-app")));
            assertThat(path, r.body(), not(containsString("\"definitions\"")));
            if (r.statusCode() == 404 && type(r).startsWith("application/json")) {
                JsonNode error = mapper.readTree(r.body());
                assertThat(path, error.get("code").asInt(), is(404));
            }
        }
        HttpResponse<String> missing = get("ui/missing.js", true);
        assertThat(missing.statusCode(), is(404));
        assertThat(missing.body(), is("{\"code\":404,\"message\":\"no page file missing.js\"}"));
    }
}

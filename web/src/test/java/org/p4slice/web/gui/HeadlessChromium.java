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
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * Debian's headless Chromium driven over the Chrome DevTools Protocol (a WebSocket to one page,
 * JSON commands with ids): navigate, evaluate JavaScript, click and type like a user, take
 * screenshots. Every wait is bounded; {@link #close()} always ends the browser and its child
 * processes and deletes its profile.
 */
final class HeadlessChromium implements AutoCloseable {

    /** System property naming the browser binary (default {@value #DEFAULT_BINARY}). */
    static final String BINARY_PROPERTY = "p4slice.chromium";
    /** Debian's chromium. */
    static final String DEFAULT_BINARY = "/usr/bin/chromium";

    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);
    private static final long POLL_MS = 50;

    private final ObjectMapper mapper = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<String> pageErrors = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger ids = new AtomicInteger();
    private final Process process;
    private final Path profile;
    private final Path log;
    private WebSocket socket;

    private HeadlessChromium(Process process, Path profile, Path log) {
        this.process = process;
        this.profile = profile;
        this.log = log;
    }

    /**
     * Returns the browser binary: the system property {@value #BINARY_PROPERTY}, else
     * {@value #DEFAULT_BINARY}.
     *
     * @return path, which may not exist
     */
    static Path binary() {
        return Paths.get(System.getProperty(BINARY_PROPERTY, DEFAULT_BINARY));
    }

    /**
     * Starts headless Chromium on a loopback DevTools port and attaches to its page.
     *
     * @param width  window width in pixels
     * @param height window height in pixels
     * @return the browser
     * @throws IOException if it cannot start or answer within the start timeout
     */
    static HeadlessChromium start(int width, int height) throws IOException {
        Path profile = Files.createTempDirectory("p4slice-chromium-");
        Path log = profile.resolveSibling(profile.getFileName() + ".log");
        List<String> cmd = List.of(binary().toString(),
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-sync", "--disable-component-update",
                "--password-store=basic", "--use-mock-keychain", "--hide-scrollbars",
                "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                "--user-data-dir=" + profile, "--window-size=" + width + "," + height, "about:blank");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        HeadlessChromium browser = new HeadlessChromium(p, profile, log);
        try {
            browser.attach();
        } catch (IOException | RuntimeException e) {
            browser.close();
            throw e;
        }
        return browser;
    }

    // waits for DevToolsActivePort, then opens a WebSocket to the first page target
    private void attach() throws IOException {
        Path portFile = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!Files.exists(portFile) || Files.readAllLines(portFile).isEmpty()) {
            if (!process.isAlive()) {
                throw new IOException("chromium exited with " + process.exitValue() + ": " + logTail());
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("chromium did not open its DevTools port within " + START_TIMEOUT
                                              + ": " + logTail());
            }
            sleep(POLL_MS);
        }
        int port = Integer.parseInt(Files.readAllLines(portFile).get(0).trim());
        String wsUrl = null;
        while (wsUrl == null) {
            HttpResponse<String> list = httpGet("http://127.0.0.1:" + port + "/json/list");
            for (JsonNode t : mapper.readTree(list.body())) {
                if ("page".equals(t.path("type").asText()) && t.has("webSocketDebuggerUrl")) {
                    wsUrl = t.get("webSocketDebuggerUrl").asText();
                    break;
                }
            }
            if (wsUrl == null) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("chromium shows no page target: " + list.body());
                }
                sleep(POLL_MS);
            }
        }
        socket = join(http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(5))
                              .buildAsync(URI.create(wsUrl), new Listener()), "WebSocket to " + wsUrl);
        send("Page.enable", null);
        send("Runtime.enable", null);
        send("Network.enable", null);
    }

    private HttpResponse<String> httpGet(String url) throws IOException {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).GET().build(),
                             HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    // incoming frames: command results complete their future; some events are recorded
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                String message = text.toString();
                text.setLength(0);
                handle(message);
            }
            ws.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            pending.values().forEach(f -> f.completeExceptionally(error));
        }
    }

    private void handle(String message) {
        JsonNode m;
        try {
            m = mapper.readTree(message);
        } catch (IOException e) {
            pageErrors.add("unreadable DevTools message: " + e.getMessage());
            return;
        }
        if (m.has("id")) {
            CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
            if (f != null) {
                f.complete(m);
            }
            return;
        }
        String method = m.path("method").asText();
        JsonNode params = m.path("params");
        if ("Runtime.exceptionThrown".equals(method)) {
            JsonNode d = params.path("exceptionDetails");
            pageErrors.add("uncaught: " + d.path("exception").path("description").asText(d.path("text").asText()));
        } else if ("Runtime.consoleAPICalled".equals(method) && "error".equals(params.path("type").asText())) {
            pageErrors.add("console.error: " + params.path("args").toString());
        }
    }

    /**
     * Sends a DevTools command and waits for its result.
     *
     * @param method command, e.g. {@code Page.navigate}
     * @param params parameters, or null
     * @return the result object
     * @throws IllegalStateException if the browser answers with an error or not in time
     */
    JsonNode send(String method, ObjectNode params) {
        int id = ids.incrementAndGet();
        ObjectNode command = mapper.createObjectNode().put("id", id).put("method", method);
        command.set("params", params != null ? params : mapper.createObjectNode());
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        join(socket.sendText(command.toString(), true), method);
        JsonNode m = join(answer, method);
        if (m.has("error")) {
            throw new IllegalStateException(method + " failed: " + m.get("error"));
        }
        return m.path("result");
    }

    private <T> T join(CompletableFuture<T> f, String what) {
        try {
            return f.get(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(what + ": no answer from chromium within " + COMMAND_TIMEOUT, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + ": interrupted", e);
        }
    }

    private ObjectNode params() {
        return mapper.createObjectNode();
    }

    /**
     * Sends these headers with every request of the page (e.g. Authorization).
     *
     * @param headers header names and values
     */
    void extraHeaders(Map<String, String> headers) {
        ObjectNode h = params();
        headers.forEach(h::put);
        ObjectNode p = params();
        p.set("headers", h);
        send("Network.setExtraHTTPHeaders", p);
    }

    /**
     * Loads a URL and waits until the document has loaded.
     *
     * @param url URL
     * @param timeout how long to wait
     */
    void navigate(String url, Duration timeout) {
        JsonNode r = send("Page.navigate", params().put("url", url));
        if (r.hasNonNull("errorText")) {
            throw new IllegalStateException("cannot load " + url + ": " + r.get("errorText").asText());
        }
        waitFor("document at " + url + " loaded", timeout, () -> {
            try {
                return url.equals(evaluate("location.href").asText())
                        && "complete".equals(evaluate("document.readyState").asText());
            } catch (IllegalStateException e) {
                return false; // no execution context while the new document replaces the old one
            }
        });
    }

    /**
     * Evaluates a JavaScript expression in the page (promises awaited) and returns its value.
     *
     * @param expression expression
     * @return value as JSON (missing node for undefined)
     * @throws IllegalStateException if it throws
     */
    JsonNode evaluate(String expression) {
        ObjectNode p = params().put("expression", expression).put("returnByValue", true)
                .put("awaitPromise", true);
        JsonNode r = send("Runtime.evaluate", p);
        if (r.has("exceptionDetails")) {
            JsonNode d = r.get("exceptionDetails");
            throw new IllegalStateException("JavaScript failed: " + expression + ": "
                    + d.path("exception").path("description").asText(d.path("text").asText()));
        }
        return r.path("result").path("value");
    }

    /**
     * Evaluates a JavaScript expression and returns its value as a string.
     *
     * @param expression expression
     * @return string value
     */
    String text(String expression) {
        return evaluate(expression).asText();
    }

    /**
     * Waits until a condition holds.
     *
     * @param what      what is awaited, for the failure message
     * @param timeout   how long to wait
     * @param condition condition
     * @throws AssertionError if it does not hold in time
     */
    void waitFor(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what);
            }
            sleep(POLL_MS);
        }
    }

    /**
     * Waits until a JavaScript expression is true.
     *
     * @param expression boolean expression
     * @param timeout    how long to wait
     */
    void waitFor(String expression, Duration timeout) {
        waitFor(expression, timeout, () -> evaluate(expression).asBoolean(false));
    }

    /**
     * Clicks the centre of the first element matching a CSS selector, with real mouse events.
     *
     * @param selector CSS selector
     */
    void click(String selector) {
        JsonNode box = evaluate("(function () { var e = document.querySelector(" + quote(selector) + ");"
                + " if (!e) { return null; } e.scrollIntoView({block: 'center'});"
                + " var r = e.getBoundingClientRect();"
                + " return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()");
        if (box.isMissingNode() || box.isNull()) {
            throw new AssertionError("nothing matches " + selector);
        }
        for (String type : List.of("mouseMoved", "mousePressed", "mouseReleased")) {
            ObjectNode p = params().put("type", type).put("x", box.get("x").asDouble())
                    .put("y", box.get("y").asDouble());
            if (!"mouseMoved".equals(type)) {
                p.put("button", "left").put("clickCount", 1);
            }
            send("Input.dispatchMouseEvent", p);
        }
    }

    /**
     * Replaces the text of a form field as a user would: click into it, select all, type.
     *
     * @param selector CSS selector of an input or textarea
     * @param value    text to type
     */
    void type(String selector, String value) {
        click(selector);
        evaluate("document.querySelector(" + quote(selector) + ").select()");
        send("Input.insertText", params().put("text", value));
    }

    /**
     * Saves a PNG screenshot of the whole page.
     *
     * @param file where
     * @throws IOException if it cannot be written
     */
    void screenshot(Path file) throws IOException {
        ObjectNode p = params().put("format", "png").put("captureBeyondViewport", true);
        JsonNode metrics = send("Page.getLayoutMetrics", null).path("cssContentSize");
        ObjectNode clip = params().put("x", 0).put("y", 0).put("scale", 1)
                .put("width", metrics.path("width").asDouble(1280))
                .put("height", metrics.path("height").asDouble(900));
        p.set("clip", clip);
        String data = send("Page.captureScreenshot", p).path("data").asText();
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, Base64.getDecoder().decode(data));
    }

    /**
     * Returns the uncaught exceptions and console errors of the page so far.
     *
     * @return messages
     */
    List<String> pageErrors() {
        synchronized (pageErrors) {
            return new ArrayList<>(pageErrors);
        }
    }

    /**
     * Forgets the page errors recorded so far.
     */
    void clearPageErrors() {
        pageErrors.clear();
    }

    /**
     * Returns a JavaScript string literal.
     *
     * @param s string
     * @return literal
     */
    static String quote(String s) {
        try {
            return new ObjectMapper().writeValueAsString(s);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Ends the browser (and every process it started) and deletes its profile.
     */
    @Override
    public void close() {
        List<ProcessHandle> children = new ArrayList<>();
        process.descendants().forEach(children::add);
        if (socket != null) {
            // the browser ends its own processes (and reaps them) when asked to close
            try {
                socket.sendText(mapper.createObjectNode().put("id", ids.incrementAndGet())
                                        .put("method", "Browser.close").toString(), true)
                        .get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // ended below
            }
            socket.abort();
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // the renderer, GPU and zygote processes normally end with the browser; end any that did not
        long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
        for (ProcessHandle child : children) {
            if (child.isAlive()) {
                child.destroyForcibly();
            }
            long left = deadline - System.nanoTime();
            if (left > 0) {
                try {
                    child.onExit().get(left, TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException | TimeoutException e) {
                    // still ending after the stop timeout: nothing more to do from here
                }
            }
        }
        deleteTree(profile);
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            // left in the temporary directory
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // left in the temporary directory
        }
    }
}

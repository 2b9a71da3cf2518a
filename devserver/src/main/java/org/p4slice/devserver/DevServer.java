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
package org.p4slice.devserver;

import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;
import org.eclipse.jetty.webapp.WebAppContext;
import org.eclipse.jetty.security.ConstraintMapping;
import org.eclipse.jetty.security.ConstraintSecurityHandler;
import org.eclipse.jetty.util.security.Constraint;
import org.onlab.osgi.TestServiceDirectory;
import org.p4slice.slicing.api.TenantId;
import org.onlab.rest.BaseResource;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.testbed.scenario.Scenario;
import org.p4slice.testbed.scenario.ScenarioReader;
import org.p4slice.testbed.scenario.ScenarioTestbeds;
import org.p4slice.testbed.RestServices;
import org.p4slice.testbed.Components;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.StatsHarness;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The p4slice REST API without ONOS: the real web application (its {@code web.xml}, with BASIC
 * authentication as user {@code onos}, password {@code rocks}, like a default ONOS, and the users
 * of {@code --user}), codecs, slice manager and store, tenants (netcfg of {@code --netcfg}) and
 * audit log, over ONOS's test adapters with the devices, ports and links of a scenario file.
 * Device programming is recorded and logged. It serves {@code /onos/p4slice/...} (and the API
 * document at {@code /apidoc/swagger.json}) on 127.0.0.1:8181 by default and stops cleanly on
 * SIGTERM or Ctrl-C.
 * <pre>
 * tools/run.sh devserver [--scenario FILE] [--with-slices] [--port N] [--host ADDRESS]
 *                        [--user NAME:PASSWORD[:admin]]... [--tenant-user TENANT:NAME:PASSWORD]...
 *                        [--netcfg FILE]
 * </pre>
 */
public final class DevServer {

    static {
        // slf4j-simple, before the first logger exists
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
        System.setProperty("org.slf4j.simpleLogger.showThreadName", "false");
        System.setProperty("org.slf4j.simpleLogger.showShortLogName", "true");
        System.setProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty", "warn");
    }

    /** User of the dev server, as in a default ONOS. */
    public static final String USER = "onos";
    /** Password of the dev server's user, as in a default ONOS. */
    public static final String PASSWORD = "rocks";
    /** The context path, as in ONOS. */
    public static final String CONTEXT = "/onos/p4slice";

    private static final String DEFAULT_SCENARIO = "mininet-tests/scenarios/two-switch-four-slices.json";
    private static final String WEBAPP = "src/main/webapp";
    private static final String SWAGGER = "web/target/swagger.json";
    private static final long STOP_TIMEOUT_MS = 5000;

    private final Logger log = LoggerFactory.getLogger(getClass());

    private final Server server;
    private final SlicingTestbed testbed;
    private final AtomicBoolean running;
    private final StatsHarness stats;
    private final DevFairness fairness;
    private final DevServerLog events;

    private DevServer(Server server, SlicingTestbed testbed, AtomicBoolean running, StatsHarness stats,
                      DevFairness fairness, DevServerLog events) {
        this.server = server;
        this.testbed = testbed;
        this.running = running;
        this.stats = stats;
        this.fairness = fairness;
        this.events = events;
    }

    /**
     * Starts a dev server.
     *
     * @param options options
     * @return the running server
     * @throws Exception if the scenario cannot be read or the server cannot start
     */
    public static DevServer start(DevServerOptions options) throws Exception {
        Logger log = LoggerFactory.getLogger(DevServer.class);
        Path scenarioFile = options.scenario != null ? options.scenario : find(DEFAULT_SCENARIO);
        Scenario scenario = new ScenarioReader().read(scenarioFile);
        SlicingTestbed testbed = new SlicingTestbed();
        AtomicBoolean running = new AtomicBoolean();
        SimulatedTraffic traffic = new SimulatedTraffic(options.traffic, () -> running.get() ? testbed.slices() : null,
                                                        testbed.meters, System::nanoTime);
        ScenarioTestbeds.fill(testbed, scenario, d -> Map.of(SliceCounters.class, traffic.countersOf(d)));
        int tenants = options.netcfg == null ? 0 : DevServerAccess.readNetcfg(options.netcfg, testbed);
        List<DevServerAccess.User> users = DevServerAccess.users(options.users);
        testbed.startAll();
        options.tenantUsers.forEach(u -> testbed.addTenantUser(TenantId.of(u[0]), u[1], u[2]));
        running.set(true);
        DevServerLog events = new DevServerLog(testbed);
        StatsHarness stats = null;
        DevFairness fairness = null;
        Server server = null;
        try {
            stats = new StatsHarness(testbed.slices(), testbed.devices);
            fairness = DevFairness.start(testbed, stats.service());
            if (options.withSlices) {
                createSlices(log, testbed, scenario.slices());
            }
            TestServiceDirectory services = RestServices.directory(testbed, stats.service())
                    .add(FairnessService.class, fairness.service());
            DevServerAccess.installOnosLogin(users);
            Components.setStatic(BaseResource.class, "services", services);
            server = new Server(new InetSocketAddress(options.host, options.port));
            server.setStopTimeout(STOP_TIMEOUT_MS);
            server.setHandler(new ContextHandlerCollection(
                    webapp(options.webapp != null ? options.webapp : find("web/" + WEBAPP)),
                    DevServerAccess.apiDoc(find(SWAGGER))));
            server.start();
        } catch (Exception | Error e) {
            if (server != null) {
                server.stop();
            }
            stop(testbed, running, stats, fairness, events);
            throw e;
        }
        DevServer dev = new DevServer(server, testbed, running, stats, fairness, events);
        log.info("p4slice dev server on http://{}:{}{}/ (users {}; {} tenants); scenario {}: {} devices, "
                         + "{} links, {} slices{}; simulated traffic {} (counters and fairness figures are "
                         + "simulated, not measured)", options.host, dev.port(), CONTEXT, users, tenants,
                 scenarioFile, scenario.portSpeeds().size(), scenario.links().size(),
                 testbed.slices().getSlices().size(),
                 options.withSlices || scenario.slices().isEmpty() ? ""
                         : " (the scenario declares " + scenario.slices().size()
                         + "; --with-slices creates them)", options.traffic);
        return dev;
    }

    // the real web.xml: Jersey's servlet on the p4slice application and the tenant portal at /ui/, p4slice's
    // own BASIC authentication (tenants' users, then ONOS's login, JAAS realm karaf: here the --user users);
    // ONOS's GUI is not here
    private static WebAppContext webapp(Path dir) {
        WebAppContext ctx = new WebAppContext();
        ctx.setContextPath(CONTEXT);
        ctx.setResourceBase(dir.toString());
        ctx.setDescriptor(dir.resolve("WEB-INF/web.xml").toString());
        ctx.setParentLoaderPriority(true);
        ctx.setThrowUnavailableOnStartupException(true);
        // Jetty's default descriptor (webdefault.xml) forbids TRACE on "/" with an empty 403; as with the
        // web.xml's constraint of before, a constraint on "/*" without roles lets every method reach the
        // application (TRACE: Jersey's 405 with the API's JSON error)
        Constraint open = new Constraint();
        open.setName("p4slice: every method");
        open.setAuthenticate(false);
        ConstraintMapping everything = new ConstraintMapping();
        everything.setPathSpec("/*");
        everything.setConstraint(open);
        ((ConstraintSecurityHandler) ctx.getSecurityHandler()).addConstraintMapping(everything);
        return ctx;
    }

    private static void createSlices(Logger log, SlicingTestbed testbed, List<SliceRequest> requests) {
        for (SliceRequest r : requests) {
            try {
                Slice s = testbed.slices().createSlice(r);
                log.info("Scenario slice {} ({}/{}) created: {}", s.id(), s.tenant(), s.name(), s.state());
            } catch (SlicingException e) {
                log.warn("Scenario slice {}/{} refused ({}): {}", r.tenant(), r.name(), e.kind(), e.getMessage());
            }
        }
    }

    // a file relative to the repository root, from the repository root or the web module
    private static Path find(String relative) {
        List<Path> tried = new ArrayList<>();
        for (Path base : List.of(Paths.get(""), Paths.get(".."))) {
            Path p = base.resolve(relative).normalize();
            if (Files.exists(p)) {
                return p;
            }
            tried.add(p.toAbsolutePath());
            if (relative.startsWith("web/")) {
                Path q = base.resolve(relative.substring(4)).normalize();
                if (Files.exists(q)) {
                    return q;
                }
                tried.add(q.toAbsolutePath());
            }
        }
        throw new IllegalArgumentException("cannot find " + relative + " (tried " + tried + ")");
    }

    /**
     * Returns the port the server listens on.
     *
     * @return port
     */
    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    /**
     * Returns the testbed behind the server.
     *
     * @return testbed
     */
    public SlicingTestbed testbed() {
        return testbed;
    }

    /**
     * Stops the server (bounded by its stop timeout), the fairness app, the statistics and the
     * slicing app.
     */
    public void stop() {
        try {
            server.stop();
        } catch (Exception e) {
            log.warn("Stopping the HTTP server failed", e);
        }
        stop(testbed, running, stats, fairness, events);
        log.info("p4slice dev server stopped");
    }

    private static void stop(SlicingTestbed testbed, AtomicBoolean running, StatsHarness stats, DevFairness fairness,
                             DevServerLog events) {
        if (fairness != null) {
            fairness.stop();
        }
        if (stats != null) {
            stats.stop();
        }
        events.stop();
        running.set(false);
        testbed.stop();
    }

    /**
     * Waits until the server stops.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public void join() throws InterruptedException {
        server.join();
    }
}

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

import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;
import org.eclipse.jetty.webapp.WebAppContext;
import org.onlab.junit.TestUtils;
import org.onlab.rest.BaseResource;
import org.onosproject.net.DeviceId;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.slicing.api.Reservation;
import org.p4slice.slicing.api.ReservationEvent;
import org.p4slice.slicing.api.ReservationListener;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.translator.Scenario;
import org.p4slice.slicing.translator.ScenarioReader;
import org.p4slice.web.testbed.ScenarioTestbeds;
import org.p4slice.web.testbed.SlicingTestbed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The p4slice REST API without ONOS: the real web application (its {@code web.xml}, with BASIC
 * authentication as user {@code onos}, password {@code rocks}, like a default ONOS, and the users
 * of {@code --user}), codecs, slice manager and store, tenants (netcfg of {@code --netcfg}) and
 * audit log, over ONOS's test adapters with the devices, ports and links of a scenario file.
 * Device programming is recorded and logged. It serves {@code /onos/p4slice/...} (and the API
 * document at {@code /apidoc/swagger.json}) on 127.0.0.1:8181 by default and stops cleanly on
 * SIGTERM or Ctrl-C.
 * <pre>
 * web/devserver.sh [--scenario FILE] [--with-slices] [--port N] [--host ADDRESS]
 *                  [--user NAME:PASSWORD[:admin]]... [--netcfg FILE]
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
    private final SliceListener reporter;
    private final ReservationListener reservationReporter;

    /**
     * Command-line options.
     */
    public static final class Options {
        String host = "127.0.0.1";
        int port = 8181;
        Path scenario;
        Path webapp;
        Path netcfg;
        boolean withSlices;
        final List<DevServerAccess.User> users = new ArrayList<>();

        /**
         * Parses the command line.
         *
         * @param args arguments
         * @return options
         * @throws IllegalArgumentException on a bad argument
         */
        static Options parse(String... args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--with-slices":
                        o.withSlices = true;
                        break;
                    case "--scenario":
                        o.scenario = Paths.get(value(args, ++i, a));
                        break;
                    case "--webapp":
                        o.webapp = Paths.get(value(args, ++i, a));
                        break;
                    case "--user":
                        o.users.add(DevServerAccess.User.parse(value(args, ++i, a)));
                        break;
                    case "--netcfg":
                        o.netcfg = Paths.get(value(args, ++i, a));
                        break;
                    case "--host":
                        o.host = value(args, ++i, a);
                        break;
                    case "--port":
                        try {
                            o.port = Integer.parseInt(value(args, ++i, a));
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("--port needs a number, got " + args[i]);
                        }
                        if (o.port < 0 || o.port > 65535) {
                            throw new IllegalArgumentException("--port must be in 0..65535, got " + o.port);
                        }
                        break;
                    default:
                        throw new IllegalArgumentException("unknown argument " + a);
                }
            }
            return o;
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }

        /**
         * Returns options for a server on an ephemeral loopback port.
         *
         * @param scenario   scenario file
         * @param withSlices whether to create the scenario's slices
         * @return options
         */
        public static Options ephemeral(Path scenario, boolean withSlices) {
            Options o = new Options();
            o.port = 0;
            o.scenario = scenario;
            o.withSlices = withSlices;
            return o;
        }
    }

    private DevServer(Server server, SlicingTestbed testbed, SliceListener reporter,
                      ReservationListener reservationReporter) {
        this.server = server;
        this.testbed = testbed;
        this.reporter = reporter;
        this.reservationReporter = reservationReporter;
    }

    /**
     * Starts a dev server.
     *
     * @param options options
     * @return the running server
     * @throws Exception if the scenario cannot be read or the server cannot start
     */
    public static DevServer start(Options options) throws Exception {
        Logger log = LoggerFactory.getLogger(DevServer.class);
        Path scenarioFile = options.scenario != null ? options.scenario : find(DEFAULT_SCENARIO);
        Scenario scenario = new ScenarioReader().read(scenarioFile);
        SlicingTestbed testbed = ScenarioTestbeds.testbed(scenario);
        int tenants = options.netcfg == null ? 0 : DevServerAccess.readNetcfg(options.netcfg, testbed.netcfg());
        List<DevServerAccess.User> users = DevServerAccess.users(options.users);
        testbed.start();
        SliceListener reporter = event -> report(log, testbed, event);
        testbed.slices().addListener(reporter);
        ReservationListener reservationReporter = event -> report(log, event);
        testbed.reservations().addListener(reservationReporter);
        Server server = null;
        try {
            if (options.withSlices) {
                createSlices(log, testbed, ScenarioTestbeds.sliceRequests(scenario));
            }
            TestUtils.setField(BaseResource.class, "services", RestServices.directory(testbed, null)
                    .add(FairnessService.class, new DevServerAccess.IdleFairnessService()));
            server = new Server(new InetSocketAddress(options.host, options.port));
            server.setStopTimeout(STOP_TIMEOUT_MS);
            server.setHandler(new ContextHandlerCollection(
                    webapp(options.webapp != null ? options.webapp : find("web/" + WEBAPP), users),
                    DevServerAccess.apiDoc(find(SWAGGER))));
            server.start();
        } catch (Exception | Error e) {
            if (server != null) {
                server.stop();
            }
            testbed.slices().removeListener(reporter);
            testbed.reservations().removeListener(reservationReporter);
            testbed.stop();
            throw e;
        }
        DevServer dev = new DevServer(server, testbed, reporter, reservationReporter);
        log.info("p4slice dev server on http://{}:{}{}/ (users {}; {} tenants); scenario {}: {} devices, "
                         + "{} links, {} slices{}", options.host, dev.port(), CONTEXT, users, tenants,
                 scenarioFile, scenario.portSpeeds().size(), scenario.links().size(),
                 testbed.slices().getSlices().size(),
                 options.withSlices || scenario.slices().isEmpty() ? ""
                         : " (the scenario declares " + scenario.slices().size()
                         + "; --with-slices creates them)");
        return dev;
    }

    // the real web.xml: Jersey's servlet on the p4slice application, BASIC auth in realm karaf
    private static WebAppContext webapp(Path dir, List<DevServerAccess.User> users) {
        WebAppContext ctx = new WebAppContext();
        ctx.setContextPath(CONTEXT);
        ctx.setResourceBase(dir.toString());
        ctx.setDescriptor(dir.resolve("WEB-INF/web.xml").toString());
        ctx.setParentLoaderPriority(true);
        ctx.setThrowUnavailableOnStartupException(true);
        // roles as ONOS's Karaf groups give them: AuthorizationFilter wants viewer for every request and
        // admin too for POST, PUT, DELETE
        ctx.getSecurityHandler().setLoginService(DevServerAccess.login(users));
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

    // after every slice change, what each device of the slice now holds
    private static void report(Logger log, SlicingTestbed testbed, SliceEvent event) {
        Slice s = event.subject();
        log.info("{} slice {} ({}/{}) {}", event.type(), s.id(), s.tenant(), s.name(), s.state());
        if (event.type() != SliceEvent.Type.SLICE_REMOVED
                && s.state() != SliceState.ACTIVE && s.state() != SliceState.FAILED) {
            return;
        }
        for (DeviceId d : s.devices()) {
            log.info("  {} now holds {} table entries, {} meter cells, {} groups", d,
                     testbed.flows().installed(d).size(), testbed.meters().installed(d).size(),
                     testbed.groups().installed(d).size());
        }
    }

    // every reservation booked, started, ended, cancelled or failed
    private static void report(Logger log, ReservationEvent event) {
        Reservation r = event.subject();
        log.info("{} reservation {} ({}/{}, {} to {}) {}{}{}", event.type(), r.id(), r.tenant(), r.request().name(),
                 r.start(), r.end(), r.state(), r.sliceId().map(id -> " slice " + id).orElse(""),
                 r.reason().map(why -> ": " + why).orElse(""));
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
     * Stops the server (bounded by its stop timeout) and the slicing app.
     */
    public void stop() {
        try {
            server.stop();
        } catch (Exception e) {
            log.warn("Stopping the HTTP server failed", e);
        }
        testbed.slices().removeListener(reporter);
        testbed.reservations().removeListener(reservationReporter);
        testbed.stop();
        log.info("p4slice dev server stopped");
    }

    /**
     * Runs the dev server until SIGTERM or Ctrl-C.
     *
     * @param args see the class description
     * @throws Exception if it cannot start
     */
    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("devserver: " + e.getMessage());
            System.err.println("usage: devserver.sh [--scenario FILE] [--with-slices] [--port N] [--host ADDRESS]"
                                       + " [--user NAME:PASSWORD[:admin]]... [--netcfg FILE]");
            System.exit(2);
            return;
        }
        DevServer dev;
        try {
            dev = start(options);
        } catch (ScenarioReader.ScenarioException | IllegalArgumentException | java.io.IOException e) {
            System.err.println("devserver: " + e.getMessage());
            System.exit(2);
            return;
        }
        Thread stopper = new Thread(dev::stop, "devserver-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        dev.server.join();
    }
}

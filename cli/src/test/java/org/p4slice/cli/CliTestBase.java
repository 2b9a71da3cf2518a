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
package org.p4slice.cli;

import org.apache.karaf.shell.impl.action.command.DefaultActionPreparator;
import org.junit.After;
import org.junit.Before;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.core.CoreService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.testbed.SliceStatsServiceAdapter;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.testbed.SlicingTestbed;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Commands run against the real slice manager over ONOS's adapters (two p4slice switches s1 and
 * s2, ports 1..4 at 100 Mbps, s1/4 linked to s2/4): arguments parsed by Karaf's own preparator,
 * services injected, standard output and error captured.
 */
public abstract class CliTestBase {

    static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");

    protected SlicingTestbed testbed;
    protected MapServiceDirectory services;
    /** Who runs the commands: ONOS's default user, an admin of no tenant (an operator). */
    protected Caller caller = Caller.of("onos", true);
    protected final Map<SliceId, SliceStats> knownStats = new ConcurrentHashMap<>();

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream stdout;
    private PrintStream stderr;

    @Before
    public void setUpTestbed() {
        testbed = new SlicingTestbed();
        for (DeviceId d : new DeviceId[]{S1, S2}) {
            testbed.addSwitch(d.toString());
            for (int p = 1; p <= 4; p++) {
                testbed.addPort(d, p, 100_000_000L);
            }
        }
        testbed.connect(new ConnectPoint(S1, PortNumber.portNumber(4)), new ConnectPoint(S2, PortNumber.portNumber(4)));
        testbed.slicingJson().putArray(SlicingConfig.TENANTS).add("itb").add("ui").add("ufrgs");
        configure(testbed);
        testbed.startAll();
        services = new MapServiceDirectory(testbed.northboundServices())
                .add(SliceStatsService.class, new SliceStatsServiceAdapter(knownStats))
                .add(DeviceService.class, testbed.devices)
                .add(NetworkConfigService.class, testbed.netcfg)
                .add(CoreService.class, new CoreServiceAdapter() {
                    @Override
                    public ApplicationId getAppId(String name) {
                        return SlicingConfig.APP_NAME.equals(name) ? SlicingTestbed.APP_ID : null;
                    }
                });
        stdout = System.out;
        stderr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /**
     * Lets a test change the testbed before it starts.
     *
     * @param tb testbed
     */
    protected void configure(SlicingTestbed tb) {
    }

    @After
    public void tearDownTestbed() {
        System.setOut(stdout);
        System.setErr(stderr);
        testbed.stop();
    }

    /**
     * Parses a command line into a command as Karaf does, then runs it.
     *
     * @param command command object
     * @param args    arguments and options
     * @param <C>     command type
     * @return the command
     * @throws Exception if Karaf refuses the command line
     */
    <C extends P4SliceCommand> C run(C command, String... args) throws Exception {
        parse(command, args);
        command.services = services;
        command.caller = caller;
        command.doExecute();
        return command;
    }

    /**
     * Parses a command line into a command as Karaf does.
     *
     * @param command command object
     * @param args    arguments and options
     * @param <C>     command type
     * @return the command
     * @throws Exception if Karaf refuses the command line
     */
    static <C extends P4SliceCommand> C parse(C command, String... args) throws Exception {
        new DefaultActionPreparator().prepare(command, null, Arrays.asList((Object[]) args));
        return command;
    }

    /**
     * Returns and clears what was printed on standard output.
     *
     * @return lines
     */
    List<String> out() {
        return lines(out);
    }

    /**
     * Returns and clears what was printed on standard error.
     *
     * @return lines
     */
    List<String> err() {
        return lines(err);
    }

    private static List<String> lines(ByteArrayOutputStream s) {
        String text = s.toString(StandardCharsets.UTF_8);
        s.reset();
        return text.isEmpty() ? List.of() : List.of(text.split("\\R"));
    }
}

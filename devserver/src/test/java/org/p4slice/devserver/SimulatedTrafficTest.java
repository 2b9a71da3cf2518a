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

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.testbed.scenario.Scenario;
import org.p4slice.testbed.scenario.ScenarioReader;
import org.p4slice.testbed.scenario.ScenarioTestbeds;
import org.p4slice.testbed.SlicingTestbed;

import java.nio.file.Paths;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;

/**
 * Tests of the simulated counters: the real slice manager programs the scenario's slices, the
 * simulation's clock is moved by hand.
 */
public class SimulatedTrafficTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    private static final long SECOND = 1_000_000_000L;

    private final AtomicLong now = new AtomicLong(5 * SECOND);
    private final AtomicBoolean running = new AtomicBoolean();
    private SlicingTestbed tb;
    private SimulatedTraffic traffic;
    private Scenario scenario;

    private void start(String spec) throws Exception {
        scenario = new ScenarioReader().read(Paths.get("../mininet-tests/scenarios/two-switch-four-slices.json"));
        tb = new SlicingTestbed();
        traffic = new SimulatedTraffic(TrafficModel.parse(spec), () -> running.get() ? tb.slices() : null,
                                       tb.meters, now::get);
        ScenarioTestbeds.fill(tb, scenario, d -> Map.of(SliceCounters.class, traffic.countersOf(d)));
        tb.startAll();
        running.set(true);
    }

    @Before
    public void setUp() {
        now.set(5 * SECOND);
    }

    @After
    public void tearDown() {
        if (tb != null) {
            running.set(false);
            tb.stop();
        }
    }

    private Slice create(int index) {
        Slice s = tb.slices().createSlice(scenario.slices().get(index));
        assertEquals(SliceState.ACTIVE, tb.slices().getSlice(s.id()).orElseThrow().state());
        return tb.slices().getSlice(s.id()).orElseThrow();
    }

    private SliceCounterValues cell(DeviceId d, int id) {
        return tb.devices.getDevice(d).as(SliceCounters.class).read(Set.of(id)).get(id);
    }

    @Test
    public void theMeterLetsTheQuotaThroughAndDropsTheRest() throws Exception {
        start("steady:2");
        Slice s = create(0);
        int id = s.id().id();
        cell(S1, id);
        now.addAndGet(2 * SECOND);
        long quotaBytesPerSecond = s.quotaBps() / 8;
        SliceCounterValues in = cell(S1, id);
        assertEquals(4 * quotaBytesPerSecond, in.rxBytes(), 1.0);
        assertEquals(2 * quotaBytesPerSecond, in.txBytes(), 1.0);
        assertEquals(2 * quotaBytesPerSecond, in.dropBytes(), 1.0);
        assertEquals(in.rxBytes() / SimulatedTraffic.FRAME_BYTES, in.rxPackets());
        // the other switch of the slice carries what got through
        SliceCounterValues out = cell(S2, id);
        assertEquals(in.txBytes(), out.rxBytes());
        assertEquals(in.txBytes(), out.txBytes());
        assertEquals(0, out.dropBytes());
    }

    @Test
    public void aNewMeterRateTakesEffectAtOnce() throws Exception {
        start("steady:2");
        Slice s = create(0);
        int id = s.id().id();
        cell(S1, id);
        tb.slices().setMeterRate(SliceId.of(id), s.quotaBps() / 2);
        now.addAndGet(SECOND);
        assertEquals(s.quotaBps() / 16, cell(S1, id).txBytes(), 1.0);
    }

    @Test
    public void underTheQuotaEverythingPassesAndAReleasedSliceStartsFromZero() throws Exception {
        start("steady:0.5");
        Slice s = create(0);
        int id = s.id().id();
        cell(S1, id);
        now.addAndGet(SECOND);
        assertEquals(s.quotaBps() / 16, cell(S1, id).txBytes(), 1.0);
        assertEquals(0, cell(S1, id).dropBytes());
        tb.slices().removeSlice(s.id());
        now.addAndGet(SECOND);
        assertEquals(0, cell(S1, id).rxBytes());
    }

    @Test
    public void offMeansNoTraffic() throws Exception {
        start("off");
        int id = create(1).id().id();
        now.addAndGet(3 * SECOND);
        assertEquals(0, cell(S1, id).rxBytes() + cell(S2, id).rxBytes());
    }
}

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
package org.p4slice.fairness.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.cluster.NodeId;
import org.onosproject.cluster.LeadershipServiceAdapter;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.NetTestTools;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.p4slice.fairness.api.FairnessEvent;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessSummary;
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.testbed.StatsHarness;
import org.p4slice.testbed.CounterCells;
import org.p4slice.testbed.SyncEventDispatcher;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.p4slice.fairness.impl.FakeTestbed.M;
import static org.p4slice.fairness.impl.FakeTestbed.S1;
import static org.p4slice.fairness.impl.FakeTestbed.cp;
import static org.p4slice.fairness.impl.FakeTestbed.slice;

/**
 * The fairness manager with ONOS test adapters, judging the polls of the slicing app's real
 * statistics: report, statistics, events, history, configuration and enforcement through the
 * meter-rate controller.
 */
public class FairnessManagerTest {

    private static final long SECOND = 1_000_000_000L;

    private FairnessManager manager;
    private StatsHarness stats;
    private FakeTestbed.Slices slices;
    private CounterCells counters;
    private FakeTestbed.RecordingController controller;
    private final List<FairnessEvent> events = new ArrayList<>();
    private boolean deviceAvailable = true;
    private long now;

    @Before
    public void setUp() {
        slices = new FakeTestbed.Slices();
        // slices 10 and 20 (40M each) have an access port each and share port 3
        slices.put(slice(10, 40 * M, cp(S1, 1), cp(S1, 3)));
        slices.put(slice(20, 40 * M, cp(S1, 2), cp(S1, 3)));
        for (int p = 1; p <= 3; p++) {
            slices.port(cp(S1, p), 100 * M);
        }
        counters = new CounterCells();
        Device device = new FakeTestbed.P4SliceDevice(S1, counters);
        controller = new FakeTestbed.RecordingController(slices);

        // the slicing app's statistics read the counters; the fairness app judges every poll
        stats = new StatsHarness(slices, new DeviceServiceAdapter() {
            @Override
            public Device getDevice(DeviceId deviceId) {
                return S1.equals(deviceId) ? device : null;
            }

            @Override
            public boolean isAvailable(DeviceId deviceId) {
                return deviceAvailable && S1.equals(deviceId);
            }
        }, () -> now, () -> 1_767_225_600_000L + now / 1_000_000);
        manager = new FairnessManager();
        manager.sliceService = slices;
        manager.statsService = stats.service();
        manager.cfgService = new ComponentConfigAdapter();
        manager.meterRateController = controller;
        manager.clusterService = new ClusterServiceAdapter() {
            @Override
            public ControllerNode getLocalNode() {
                return new DefaultControllerNode(LOCAL, "127.0.0.1");
            }
        };
        manager.leadershipService = new LeadershipServiceAdapter() {
            @Override
            public NodeId getLeader(String topic) {
                return EnforcementLeadership.TOPIC.equals(topic) ? leader : null;
            }
        };
        NetTestTools.injectEventDispatcher(manager, new SyncEventDispatcher());
        manager.ownThread = false;
        manager.activate(null);
        manager.addListener(events::add);
    }

    @After
    public void tearDown() {
        manager.deactivate();
        stats.stop();
    }

    private static final NodeId LOCAL = NodeId.nodeId("onos-1");
    private volatile NodeId leader = LOCAL;

    private void poll() {
        stats.poll();
        now += SECOND;
    }

    /** Sets enforce mode and the statistics' window. */
    private void enforce(String samples) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("mode", "enforce");
        manager.reconfigure(props);
        window(samples);
    }

    /** Sets the statistics' window (a property of the slicing app's statistics). */
    private void window(String samples) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("windowSamples", samples);
        stats.reconfigure(props);
    }

    @Test
    public void beforeTheFirstPollTheReportIsEmpty() {
        FairnessReport r = manager.getReport();
        assertTrue(r.slices().isEmpty());
        assertEquals(FairnessMode.MONITOR, manager.getMode());
        assertEquals(0.05, manager.getThreshold(), 0);
        assertFalse(stats.service().getStats(SliceId.of(10)).isPresent());
        assertTrue(manager.getHistory().isEmpty());
    }

    @Test
    public void eachPollReadsTheCellsOfTheSlicesOnTheDeviceOnly() {
        poll();
        poll();
        assertEquals(2, counters.asked.size());
        assertEquals(Set.of(10, 20), counters.asked.get(0));
        assertEquals(counters.asked.get(0), counters.asked.get(1));
    }

    @Test
    public void monitorReportStatisticsAndEdgeTriggeredEvents() {
        poll();
        // interval 1: slice 10 offers 80M, the meter passes 37M (share 0.925); slice 20 offers 8M
        counters.add(10, 10_000_000, 5_375_000, 4_625_000);
        counters.add(20, 1_000_000, 0, 1_000_000);
        poll();
        FairnessReport r = manager.getReport();
        assertEquals(2, r.slices().size());
        SliceFairness s10 = r.slice(SliceId.of(10)).orElseThrow();
        assertEquals(80 * M, s10.offeredBps());
        assertEquals(37 * M, s10.rateBps());
        assertEquals(0.925, s10.share(), 1e-9);
        assertEquals(0.075, r.maxDeviation(), 1e-9);
        assertEquals(1, events.size());
        assertEquals(FairnessEvent.Type.DEVIATION_EXCEEDED, events.get(0).type());
        assertEquals(0.075, events.get(0).value(), 1e-9);

        SliceStats s10stats = stats.service().getStats(SliceId.of(10)).orElseThrow();
        assertEquals(10_000_000L, s10stats.rxBytes());
        assertEquals(10_000L, s10stats.rxPackets());
        assertEquals(4_625_000L, s10stats.txBytes());
        assertEquals(5_375_000L, s10stats.dropBytes());
        assertEquals(80 * M, s10stats.rxBps());
        assertEquals(37 * M, s10stats.txBps());
        assertEquals("the report's line carries the same statistics", s10stats, s10.stats());

        // interval 2: slice 10 gets its 40M: over the window (37 + 40) / 2 = 38.5M, share 0.9625: recovered
        counters.add(10, 10_000_000, 5_000_000, 5_000_000);
        poll();
        assertEquals(0.9625, manager.getReport().slice(SliceId.of(10)).orElseThrow().share(), 1e-9);
        assertEquals(2, events.size());
        assertEquals(FairnessEvent.Type.DEVIATION_RECOVERED, events.get(1).type());
        // interval 3: still fine: no new event
        counters.add(10, 10_000_000, 5_000_000, 5_000_000);
        poll();
        assertEquals(2, events.size());
        List<FairnessSummary> history = manager.getHistory();
        assertEquals(4, history.size());
        assertEquals(0.075, history.get(1).maxDeviation(), 1e-9);
        assertTrue(history.get(0).timestamp() < history.get(3).timestamp());
        assertFalse(stats.service().getStats(SliceId.of(99)).isPresent());
    }

    @Test
    public void historyIsBoundedAndConfigurationChecked() {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("historySize", "2");
        manager.reconfigure(props);
        window("0");
        for (int i = 0; i < 7; i++) {
            poll();
        }
        assertEquals(2, manager.getHistory().size());
        assertEquals("the invalid window kept the default of 5 intervals", 5.0,
                     manager.getReport().windowSeconds(), 1e-9);
        props = new Hashtable<>();
        props.put("mode", "enforce");
        props.put("threshold", "0.1");
        manager.reconfigure(props);
        assertEquals(FairnessMode.ENFORCE, manager.getMode());
        assertEquals(0.1, manager.getThreshold(), 0);
    }

    @Test
    public void unreadableDeviceIsSkipped() {
        poll();
        counters.failure = "no P4Runtime session with device:bmv2:s1";
        counters.add(10, 1_000_000, 0, 1_000_000);
        poll();
        assertTrue(manager.getReport().slice(SliceId.of(10)).orElseThrow().devices().isEmpty());
        counters.failure = null;
        deviceAvailable = false;
        int reads = counters.reads;
        poll();
        assertEquals("an unavailable device is not read", reads, counters.reads);
        deviceAvailable = true;
        poll();
        counters.add(10, 1_250_000, 0, 1_250_000);
        poll();
        assertEquals(10 * M, manager.getReport().slice(SliceId.of(10)).orElseThrow().offeredBps());
    }

    /**
     * Enforce mode with a window of 2: slice 10 idle lends to slice 20 (offering 80M) on the
     * shared port 3 (usable 95M, quotas 80M); when 10's demand returns it gets its quota back at
     * the next poll; back in monitor mode and at deactivation every meter returns to its quota.
     */
    @Test
    public void enforceLendsAndReturnsThroughTheController() {
        enforce("2");
        poll();
        for (int i = 0; i < 2; i++) {
            counters.add(20, 10_000_000, 5_000_000, 5_000_000);
            poll();
        }
        // 20 wants 40M more: free 15M on port 3 and 25M of 10's unused quota (10 keeps 4M + 11M)
        assertEquals(Long.valueOf(15 * M), controller.rates.get(10));
        assertEquals(Long.valueOf(80 * M), controller.rates.get(20));
        assertEquals(95 * M, manager.getReport().resources().get(2).effectiveBps());
        // 10's demand comes back (40M over the whole interval): quota back at once, decrease first
        controller.calls.clear();
        counters.add(10, 5_000_000, 0, 5_000_000);
        counters.add(20, 10_000_000, 0, 10_000_000);
        poll();
        assertEquals(List.of("20=55000000", "10=40000000"), controller.calls);
        // back to monitor mode: 20 back to its quota
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("mode", "monitor");
        manager.reconfigure(props);
        counters.add(10, 5_000_000, 0, 5_000_000);
        counters.add(20, 10_000_000, 3_125_000, 6_875_000);
        poll();
        assertEquals(Long.valueOf(40 * M), controller.rates.get(20));
        assertEquals(Long.valueOf(40 * M), controller.rates.get(10));
    }

    @Test
    public void inEnforceModeOnlyTheLeaderWritesMeterRates() {
        leader = NodeId.nodeId("onos-2");
        enforce("2");
        poll();
        for (int i = 0; i < 2; i++) {
            counters.add(20, 10_000_000, 5_000_000, 5_000_000);
            poll();
        }
        // the same demand as when this instance leads: here nothing is lent, and the report says so
        assertTrue(controller.calls.isEmpty());
        assertEquals(FairnessMode.MONITOR, manager.getReport().mode());
        // leadership moves here: the next poll enforces
        leader = LOCAL;
        counters.add(20, 10_000_000, 5_000_000, 5_000_000);
        poll();
        assertEquals(Long.valueOf(80 * M), controller.rates.get(20));
        assertEquals(FairnessMode.ENFORCE, manager.getReport().mode());
    }

    @Test
    public void deactivationRestoresQuotas() {
        enforce("1");
        poll();
        counters.add(20, 10_000_000, 5_000_000, 5_000_000);
        poll();
        assertEquals(Long.valueOf(15 * M), controller.rates.get(10));
        manager.deactivate();
        assertEquals(Long.valueOf(40 * M), controller.rates.get(10));
        assertEquals(Long.valueOf(40 * M), controller.rates.get(20));
        manager.activate(null);
    }

    /**
     * The leader (another instance) throttles slice 10 to 15M in the slicing app's store: this
     * instance, which only measures, reports that rate as the allocation, not the quota, and does
     * not write the meter back.
     */
    @Test
    public void theAllocationIsTheRateTheSlicingAppEnforcesNotTheQuota() {
        leader = NodeId.nodeId("onos-2");
        enforce("2");
        slices.meterRates.put(SliceId.of(10), 15 * M);
        poll();
        counters.add(10, 1_875_000, 0, 1_875_000);
        poll();
        SliceFairness s10 = manager.getReport().slice(SliceId.of(10)).orElseThrow();
        assertEquals(40 * M, s10.quotaBps());
        assertEquals("the rate the meter runs at", 15 * M, s10.allocationBps());
        assertEquals("15M served of 15M allocated", 1.0, s10.share(), 1e-9);
        assertTrue("the enforcing instance owns the meters", controller.calls.isEmpty());
        // the slicing app clears the rate (the slice was updated): the next report says the quota
        slices.meterRates.clear();
        counters.add(10, 1_875_000, 0, 1_875_000);
        poll();
        poll();
        assertEquals(40 * M, manager.getReport().slice(SliceId.of(10)).orElseThrow().allocationBps());
    }

    /**
     * A fairness app that starts (e.g. after an upgrade of the app) while slices still run at rates
     * its previous run lent knows them from the store: it reports them, gives them back at its first
     * cycle (it has not measured a full window yet), lends again once a full window shows unused
     * quota, and at its deactivation puts every enforced rate back to the quota.
     */
    @Test
    public void aRestartedAppTakesTheEnforcedRatesFromTheStore() {
        manager.deactivate();
        slices.meterRates.put(SliceId.of(10), 15 * M);
        slices.meterRates.put(SliceId.of(20), 80 * M);
        manager.activate(null);
        enforce("2");
        poll();
        assertEquals(15 * M, manager.getReport().slice(SliceId.of(10)).orElseThrow().allocationBps());
        assertEquals(80 * M, manager.getReport().slice(SliceId.of(20)).orElseThrow().allocationBps());
        assertEquals("decrease first", List.of("20=40000000", "10=40000000"), controller.calls);
        assertTrue(slices.meterRates.isEmpty());
        // a full window of 20 offering 80M while 10 is idle: lent again
        for (int i = 0; i < 2; i++) {
            counters.add(20, 10_000_000, 5_000_000, 5_000_000);
            poll();
        }
        assertEquals(15 * M, (long) slices.meterRates.get(SliceId.of(10)));
        assertEquals(80 * M, (long) slices.meterRates.get(SliceId.of(20)));
        controller.calls.clear();
        manager.deactivate();
        assertEquals("every enforced rate back to the quota at deactivation",
                     List.of("10=40000000", "20=40000000"), controller.calls);
        assertTrue(slices.meterRates.isEmpty());
        manager.activate(null);
    }

    @Test
    public void removedSliceIsForgottenAndUpdatedSliceReprogrammed() {
        enforce("1");
        poll();
        counters.add(20, 10_000_000, 5_000_000, 5_000_000);
        poll();
        assertEquals(Long.valueOf(80 * M), controller.rates.get(20));
        // the slicing app reprograms 20 (its meter is at its quota again, its rate cleared): the app sets it again
        slices.meterRates.remove(SliceId.of(20));
        slices.post(new SliceEvent(SliceEvent.Type.SLICE_UPDATED, slices.slices.get(SliceId.of(20))));
        controller.calls.clear();
        counters.add(20, 10_000_000, 0, 10_000_000);
        poll();
        assertTrue(controller.calls.toString(), controller.calls.contains("20=80000000"));
        // 10 is removed: it disappears from the report
        slices.post(new SliceEvent(SliceEvent.Type.SLICE_REMOVED, slices.slices.remove(SliceId.of(10))));
        poll();
        assertFalse(manager.getReport().slice(SliceId.of(10)).isPresent());
    }
}

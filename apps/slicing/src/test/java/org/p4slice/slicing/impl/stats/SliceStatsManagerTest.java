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
package org.p4slice.slicing.impl.stats;

import com.google.common.collect.ImmutableMap;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.onlab.packet.VlanId;
import org.onosproject.net.driver.DriverServiceAdapter;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.NetTestTools;
import org.onosproject.net.driver.Behaviour;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.stats.SliceStatsEvent;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.api.stats.SliceStatsSnapshot;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.CounterCells;
import org.p4slice.testbed.FakeDeviceService;
import org.p4slice.testbed.FixedSliceService;
import org.p4slice.testbed.SyncEventDispatcher;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The slice statistics with the slicing side only (no fairness app anywhere on the class path of
 * this module): the counters of the ACTIVE slices' devices are read each poll, the statistics are
 * served and published, unreadable devices and removed slices are handled, the configuration is
 * checked.
 */
public class SliceStatsManagerTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final long SECOND = 1_000_000_000L;
    private static final long M = 1_000_000L;

    private final FixedSliceService slices = new FixedSliceService();
    private final FakeDeviceService devices = new FakeDeviceService();
    private final CounterCells counters = new CounterCells();
    private final List<SliceStatsEvent> events = new ArrayList<>();
    private SliceStatsManager manager;
    private long now;

    private static Slice slice(int id, long quota, int... ports) {
        List<Endpoint> endpoints = new ArrayList<>();
        for (int p : ports) {
            endpoints.add(Endpoint.access(ConnectPoint.deviceConnectPoint(S1 + "/" + p)));
        }
        return Slice.builder().id(SliceId.of(id)).name("lab" + id).tenant(TenantId.of("itb"))
                .vlan(VlanId.vlanId((short) (100 + id))).quotaBps(quota).burstBytes(65536).endpoints(endpoints)
                .state(SliceState.ACTIVE).build();
    }

    @Before
    public void setUp() {
        slices.put(slice(10, 40 * M, 1, 3));
        slices.put(slice(20, 40 * M, 2, 3));
        devices.addDevice(S1, ImmutableMap.<Class<?>, Behaviour>of(SliceCounters.class, counters));
        manager = new SliceStatsManager();
        manager.sliceService = slices;
        manager.deviceService = devices;
        manager.driverService = new DriverServiceAdapter();
        manager.cfgService = new ComponentConfigAdapter();
        NetTestTools.injectEventDispatcher(manager, new SyncEventDispatcher());
        manager.nanoClock = () -> now;
        manager.wallClock = () -> 1_767_225_600_000L + now / 1_000_000;
        manager.autoPoll = false;
        manager.activate(null);
        manager.addListener(events::add);
    }

    @After
    public void tearDown() {
        manager.deactivate();
    }

    private void poll() {
        manager.pollOnce();
        now += SECOND;
    }

    @Test
    public void statisticsAreServedWithoutTheFairnessApp() {
        SliceStatsService service = manager;
        assertFalse("nothing before the first poll", service.getStats(SliceId.of(10)).isPresent());
        assertEquals(SliceStats.ZERO, service.getStatsOrZero(SliceId.of(10)));
        poll();
        // interval 1: slice 10 offers 80M, the meter passes 37M
        counters.add(10, 10_000_000, 5_375_000, 4_625_000);
        counters.add(20, 1_000_000, 0, 1_000_000);
        poll();
        SliceStats stats = service.getStats(SliceId.of(10)).orElseThrow();
        assertEquals(10_000_000L, stats.rxBytes());
        assertEquals(10_000L, stats.rxPackets());
        assertEquals(4_625_000L, stats.txBytes());
        assertEquals(5_375_000L, stats.dropBytes());
        assertEquals(80 * M, stats.rxBps());
        assertEquals(37 * M, stats.txBps());
        assertEquals(43 * M, stats.dropBps());
        assertEquals(80 * M, stats.lastRxBps());
        assertEquals(1, stats.intervals());
        assertFalse(service.getStats(SliceId.of(99)).isPresent());
        assertEquals(SliceStats.ZERO, service.getStatsOrZero(SliceId.of(99)));
    }

    @Test
    public void eachPollReadsTheCellsOfTheSlicesOnTheDeviceOnlyAndPublishesTheSnapshot() {
        poll();
        poll();
        assertEquals(2, counters.asked.size());
        assertEquals(Set.of(10, 20), counters.asked.get(0));
        assertEquals(counters.asked.get(0), counters.asked.get(1));
        assertEquals(2, events.size());
        SliceStatsSnapshot last = events.get(1).subject();
        assertEquals(last, manager.getSnapshot());
        assertEquals(Set.of(SliceId.of(10), SliceId.of(20)), last.sliceIds());
        assertEquals(Set.of(S1), last.devices(SliceId.of(10)).keySet());
        assertEquals(1.0, last.windowSeconds(), 1e-9);
        assertEquals(5, last.windowSamples());
        assertEquals(1_767_225_600_000L + 1000, last.timestamp());
    }

    @Test
    public void onlyActiveSlicesArePolled() {
        slices.put(Slice.builder().id(SliceId.of(30)).name("lab30").tenant(TenantId.of("itb"))
                           .vlan(VlanId.vlanId((short) 130)).quotaBps(M).burstBytes(65536)
                           .endpoints(List.of(Endpoint.access(ConnectPoint.deviceConnectPoint(S1 + "/4"))))
                           .state(SliceState.PROVISIONING).build());
        poll();
        assertEquals(Set.of(10, 20), counters.asked.get(0));
        assertFalse(manager.getStats(SliceId.of(30)).isPresent());
    }

    @Test
    public void unreadableDeviceIsSkipped() {
        poll();
        counters.failure = "no P4Runtime session with device:bmv2:s1";
        counters.add(10, 1_000_000, 0, 1_000_000);
        poll();
        assertTrue(manager.getSnapshot().devices(SliceId.of(10)).isEmpty());
        assertEquals("a slice whose device could not be read is all zero", SliceStats.ZERO,
                     manager.getStats(SliceId.of(10)).orElseThrow());
        counters.failure = null;
        devices.setAvailable(S1, false);
        int reads = counters.reads;
        poll();
        assertEquals("an unavailable device is not read", reads, counters.reads);
        devices.setAvailable(S1, true);
        poll();
        counters.add(10, 1_250_000, 0, 1_250_000);
        poll();
        assertEquals(10 * M, manager.getStats(SliceId.of(10)).orElseThrow().rxBps());
    }

    @Test
    public void removedSliceStartsAfresh() {
        poll();
        counters.add(20, 1_250_000, 0, 1_250_000);
        poll();
        assertEquals(10 * M, manager.getStats(SliceId.of(20)).orElseThrow().rxBps());
        slices.post(new SliceEvent(SliceEvent.Type.SLICE_REMOVED, slices.slices.get(SliceId.of(20))));
        counters.add(20, 1_250_000, 0, 1_250_000);
        poll();
        SliceStats again = manager.getStats(SliceId.of(20)).orElseThrow();
        assertEquals("no rate from before the removal", 0L, again.rxBps());
        assertEquals(0, again.intervals());
    }

    @Test
    public void configurationIsChecked() {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("windowSamples", "0");
        props.put("pollPeriodMs", "10");
        manager.reconfigure(props);
        for (int i = 0; i < 7; i++) {
            poll();
        }
        assertEquals("the invalid window kept the default of 5 intervals", 5.0,
                     manager.getSnapshot().windowSeconds(), 1e-9);
        props.put("windowSamples", "2");
        props.put("counterBits", "32");
        manager.reconfigure(props);
        poll();
        poll();
        poll();
        assertEquals(2.0, manager.getSnapshot().windowSeconds(), 1e-9);
        assertEquals(2, manager.getSnapshot().windowSamples());
    }

    @Test
    public void requestedPollsCoalesceIntoOneWaitingPoll() throws Exception {
        ScheduledThreadPoolExecutor poller = new ScheduledThreadPoolExecutor(1);
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch running = new CountDownLatch(1);
        java.lang.reflect.Field field = SliceStatsManager.class.getDeclaredField("executor");
        field.setAccessible(true);
        field.set(manager, poller);
        try {
            poller.execute(() -> {
                running.countDown();
                try {
                    busy.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            running.await();
            int before = events.size();
            for (int i = 0; i < 10_000; i++) {
                manager.requestPoll();
            }
            assertEquals("one poll waits, whatever the number of requests", 1, poller.getQueue().size());
            busy.countDown();
            poller.submit(() -> { }).get();
            assertEquals("the requested poll ran, once", before + 1, events.size());
            manager.requestPoll();
            poller.submit(() -> { }).get();
            assertEquals("a request after it polls again", before + 2, events.size());
        } finally {
            busy.countDown();
            field.set(manager, null);
            poller.shutdownNow();
        }
    }
}

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
package org.p4slice.testbed;

import org.onosproject.net.driver.DriverServiceAdapter;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.NetTestTools;
import org.onosproject.net.device.DeviceService;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.impl.stats.SliceStatsManager;

import java.util.Dictionary;
import java.util.function.LongSupplier;

import static org.p4slice.testbed.Components.activate;
import static org.p4slice.testbed.Components.deactivate;
import static org.p4slice.testbed.Components.invoke;
import static org.p4slice.testbed.Components.set;

/**
 * The slicing app's statistics (its real {@code SliceStatsManager}) over a slice service and devices
 * that carry counters, wired as the OSGi runtime would: polling by themselves at their period on the
 * system's clocks, as in ONOS (the dev server), or polled only when told, on a test's clocks.
 */
public final class StatsHarness {

    private final SliceStatsManager manager = new SliceStatsManager();

    /**
     * Activates the statistics, polling by themselves at their period on the system's clocks.
     *
     * @param slices  slice service
     * @param devices device service (the devices carry the counters)
     */
    public StatsHarness(SliceService slices, DeviceService devices) {
        wire(slices, devices);
        activate(manager, (Object) null);
    }

    /**
     * Activates the statistics, polled only by {@link #poll()}.
     *
     * @param slices  slice service
     * @param devices device service (the devices carry the counters)
     * @param nanos   monotonic clock of the polls
     * @param wall    wall clock of the snapshots, milliseconds
     */
    public StatsHarness(SliceService slices, DeviceService devices, LongSupplier nanos, LongSupplier wall) {
        wire(slices, devices);
        set(manager, "nanoClock", nanos);
        set(manager, "wallClock", wall);
        set(manager, "autoPoll", false);
        activate(manager, (Object) null);
    }

    private void wire(SliceService slices, DeviceService devices) {
        set(manager, "sliceService", slices);
        set(manager, "deviceService", devices);
        set(manager, "driverService", new DriverServiceAdapter());
        set(manager, "cfgService", new ComponentConfigAdapter());
        NetTestTools.injectEventDispatcher(manager, new SyncEventDispatcher());
    }

    /**
     * Returns the service.
     *
     * @return statistics service
     */
    public SliceStatsService service() {
        return manager;
    }

    /**
     * Polls once (listeners run before this returns).
     */
    public void poll() {
        invoke(manager, "pollOnce");
    }

    /**
     * Applies component properties ({@code pollPeriodMs}, {@code windowSamples}, {@code counterBits}).
     *
     * @param props properties
     */
    public void reconfigure(Dictionary<?, ?> props) {
        invoke(manager, "reconfigure", props);
    }

    /**
     * Deactivates the statistics.
     */
    public void stop() {
        deactivate(manager);
    }
}

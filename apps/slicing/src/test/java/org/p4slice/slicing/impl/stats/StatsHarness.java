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

import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.NetTestTools;
import org.onosproject.net.device.DeviceService;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.testing.SyncEventDispatcher;

import java.util.Dictionary;
import java.util.function.LongSupplier;

/**
 * The real {@link SliceStatsManager} for the tests of the modules above the slicing app (the
 * fairness app's): wired to the given services, events delivered synchronously, no thread of its
 * own: the test polls by hand on its own clocks.
 */
public final class StatsHarness {

    private final SliceStatsManager manager = new SliceStatsManager();

    /**
     * Activates the statistics.
     *
     * @param slices  slice service
     * @param devices device service (the devices carry the counters)
     * @param nanos   monotonic clock of the polls
     * @param wall    wall clock of the snapshots, milliseconds
     */
    public StatsHarness(SliceService slices, DeviceService devices, LongSupplier nanos, LongSupplier wall) {
        manager.sliceService = slices;
        manager.deviceService = devices;
        manager.cfgService = new ComponentConfigAdapter();
        NetTestTools.injectEventDispatcher(manager, new SyncEventDispatcher());
        manager.nanoClock = nanos;
        manager.wallClock = wall;
        manager.autoPoll = false;
        manager.activate(null);
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
        manager.pollOnce();
    }

    /**
     * Applies component properties ({@code pollPeriodMs}, {@code windowSamples}, {@code counterBits}).
     *
     * @param props properties
     */
    public void reconfigure(Dictionary<?, ?> props) {
        manager.reconfigure(props);
    }

    /**
     * Deactivates the statistics.
     */
    public void stop() {
        manager.deactivate();
    }
}

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
package org.p4slice.tools.devserver;

import org.onlab.junit.TestUtils;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.NetTestTools;
import org.osgi.service.component.ComponentContext;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.impl.stats.SliceStatsManager;
import org.p4slice.slicing.testing.SyncEventDispatcher;
import org.p4slice.slicing.testing.SlicingTestbed;

/**
 * The slicing app's statistics in the dev server: the real {@link SliceStatsManager}, its
 * references set as OSGi would, reading the devices' simulated counters on its own schedule (the
 * default period, window and counter width) and publishing the snapshots the fairness app judges.
 */
final class DevStats {

    private final SliceStatsManager manager = new SliceStatsManager();

    private DevStats() {
    }

    /**
     * Starts the statistics over a running testbed whose devices carry simulated counters.
     *
     * @param testbed running testbed
     * @return the running statistics
     */
    static DevStats start(SlicingTestbed testbed) {
        DevStats s = new DevStats();
        try {
            TestUtils.setField(s.manager, "sliceService", testbed.slices());
            TestUtils.setField(s.manager, "deviceService", testbed.devices);
            TestUtils.setField(s.manager, "cfgService", new ComponentConfigAdapter());
            NetTestTools.injectEventDispatcher(s.manager, new SyncEventDispatcher());
            TestUtils.callMethod(s.manager, "activate", ComponentContext.class, null);
        } catch (TestUtils.TestUtilsException e) {
            throw new IllegalStateException("the statistics cannot be wired: " + e.getMessage(), e);
        }
        return s;
    }

    /**
     * Returns the running statistics service.
     *
     * @return statistics
     */
    SliceStatsService service() {
        return manager;
    }

    /**
     * Stops the statistics.
     */
    void stop() {
        try {
            TestUtils.callMethod(manager, "deactivate", new Class<?>[0]);
        } catch (TestUtils.TestUtilsException e) {
            throw new IllegalStateException("the statistics cannot be stopped: " + e.getMessage(), e);
        }
    }
}

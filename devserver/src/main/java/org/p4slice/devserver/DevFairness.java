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

import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.LeadershipServiceAdapter;
import org.onosproject.cluster.NodeId;
import org.onosproject.net.NetTestTools;
import org.p4slice.fairness.impl.FairnessManager;
import org.p4slice.fairness.impl.SliceMeterRateController;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.SyncEventDispatcher;

import static org.p4slice.testbed.Components.activate;
import static org.p4slice.testbed.Components.deactivate;
import static org.p4slice.testbed.Components.set;

/**
 * The fairness app of the dev server: the real {@link FairnessManager}, its references set as OSGi
 * would on a one-instance cluster (this instance leads), judging every poll of the slicing app's
 * statistics (the testbed's {@code StatsHarness}, which reads the devices' simulated counters) and
 * enforcing meter rates through the slicing app.
 */
final class DevFairness {

    private static final NodeId LOCAL = NodeId.nodeId("devserver");

    private final FairnessManager manager = new FairnessManager();

    private DevFairness() {
    }

    /**
     * Starts the fairness app over a running testbed and its running statistics.
     *
     * @param testbed running testbed
     * @param stats   the slicing app's statistics
     * @return the running fairness app
     */
    static DevFairness start(SlicingTestbed testbed, SliceStatsService stats) {
        DevFairness f = new DevFairness();
        SliceMeterRateController rates = new SliceMeterRateController();
        set(rates, "sliceService", testbed.slices());
        set(f.manager, "sliceService", testbed.slices());
        set(f.manager, "statsService", stats);
        set(f.manager, "cfgService", new ComponentConfigAdapter());
        set(f.manager, "meterRateController", rates);
        set(f.manager, "clusterService", new ClusterServiceAdapter() {
            @Override
            public ControllerNode getLocalNode() {
                return new DefaultControllerNode(LOCAL, "127.0.0.1");
            }
        });
        set(f.manager, "leadershipService", new LeadershipServiceAdapter() {
            @Override
            public NodeId getLeader(String topic) {
                return LOCAL;
            }
        });
        NetTestTools.injectEventDispatcher(f.manager, new SyncEventDispatcher());
        activate(f.manager, (Object) null);
        return f;
    }

    /**
     * Returns the running fairness app.
     *
     * @return fairness manager
     */
    FairnessManager service() {
        return manager;
    }

    /**
     * Stops the fairness app.
     */
    void stop() {
        deactivate(manager);
    }
}

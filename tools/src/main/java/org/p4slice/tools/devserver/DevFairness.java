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
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.LeadershipServiceAdapter;
import org.onosproject.cluster.NodeId;
import org.onosproject.net.NetTestTools;
import org.osgi.service.component.ComponentContext;
import org.p4slice.fairness.impl.FairnessManager;
import org.p4slice.fairness.impl.SliceMeterRateController;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.testing.SyncEventDispatcher;
import org.p4slice.slicing.testing.SlicingTestbed;

/**
 * The fairness app of the dev server: the real {@link FairnessManager}, its references set as OSGi
 * would on a one-instance cluster (this instance leads), judging every poll of the slicing app's
 * statistics ({@link DevStats}, which read the devices' simulated counters) and enforcing meter
 * rates through the slicing app.
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
        try {
            TestUtils.setField(rates, "sliceService", testbed.slices());
            TestUtils.setField(f.manager, "sliceService", testbed.slices());
            TestUtils.setField(f.manager, "statsService", stats);
            TestUtils.setField(f.manager, "cfgService", new ComponentConfigAdapter());
            TestUtils.setField(f.manager, "meterRateController", rates);
            TestUtils.setField(f.manager, "clusterService", new ClusterServiceAdapter() {
                @Override
                public ControllerNode getLocalNode() {
                    return new DefaultControllerNode(LOCAL, "127.0.0.1");
                }
            });
            TestUtils.setField(f.manager, "leadershipService", new LeadershipServiceAdapter() {
                @Override
                public NodeId getLeader(String topic) {
                    return LOCAL;
                }
            });
            NetTestTools.injectEventDispatcher(f.manager, new SyncEventDispatcher());
            TestUtils.callMethod(f.manager, "activate", ComponentContext.class, null);
        } catch (TestUtils.TestUtilsException e) {
            throw new IllegalStateException("the fairness app cannot be wired: " + e.getMessage(), e);
        }
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
        try {
            TestUtils.callMethod(manager, "deactivate", new Class<?>[0]);
        } catch (TestUtils.TestUtilsException e) {
            throw new IllegalStateException("the fairness app cannot be stopped: " + e.getMessage(), e);
        }
    }
}

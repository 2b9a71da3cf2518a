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

import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;
import org.p4slice.fairness.api.FairnessMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static org.p4slice.fairness.impl.FairnessManager.LOG_PREFIX;

/**
 * Who enforces in a cluster: every instance measures; enforce mode lends quota only on the instance
 * that leads the enforcement topic, the others measure (their reports say monitor), so two
 * instances never write different meter rates. Logs each change of this instance's role once.
 */
final class EnforcementLeadership {

    /** Leadership topic of enforcement: its leader alone changes meter rates. */
    static final String TOPIC = "p4slice-fairness-enforcement";

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final LeadershipService leadershipService;
    private final ClusterService clusterService;
    private boolean enforcingHere;

    /**
     * Creates the rule.
     *
     * @param leadershipService leadership of the topic
     * @param clusterService    this instance's id
     */
    EnforcementLeadership(LeadershipService leadershipService, ClusterService clusterService) {
        this.leadershipService = leadershipService;
        this.clusterService = clusterService;
    }

    /**
     * Joins the election (every instance is a candidate).
     */
    void join() {
        leadershipService.runForLeadership(TOPIC);
    }

    /**
     * Leaves the election.
     */
    void leave() {
        leadershipService.withdraw(TOPIC);
    }

    /**
     * Returns the mode this instance works in.
     *
     * @param configured the configured mode
     * @return the configured mode, except enforce on an instance that does not lead: monitor
     */
    FairnessMode modeHere(FairnessMode configured) {
        if (configured != FairnessMode.ENFORCE) {
            return configured;
        }
        NodeId leader = leadershipService.getLeader(TOPIC);
        boolean leading = leader != null && leader.equals(clusterService.getLocalNode().id());
        if (leading != enforcingHere) {
            enforcingHere = leading;
            log.info(LOG_PREFIX + "enforce mode: this instance {}", leading ? "enforces (leader)"
                    : "only measures; " + (leader == null ? "no leader yet" : "instance " + leader + " enforces"));
        }
        return leading ? FairnessMode.ENFORCE : FairnessMode.MONITOR;
    }
}

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
package org.p4slice.pipeconf.tofino;

import org.onosproject.net.pi.model.PiPipeconfId;
import org.p4slice.pipeconf.P4SlicePipeconfIds;

import java.util.List;

/**
 * The p4slice pipeconfs for Tofino switches: one per chip profile (the CPU port and the pipes
 * differ) and per agent (the device configuration each one parses differs). A device's netcfg
 * names the one that fits its chip and its agent; all of them carry the same compiled program's
 * P4Info and the same behaviours.
 */
public enum TofinoTarget {

    /** Two-pipe Tofino (Aurora 710, 32 x 100G; CPU port 192) under Stratum ({@code stratum-tofino}). */
    TWO_PIPE_STRATUM(P4SlicePipeconfIds.TOFINO_PIPECONF_ID, Profile.TWO_PIPE, Agent.STRATUM),
    /** Two-pipe Tofino under P4Studio's {@code bf_switchd --p4rt-server} ({@code barefoot}). */
    TWO_PIPE_BF_SWITCHD(P4SlicePipeconfIds.TOFINO_BF_SWITCHD_PIPECONF_ID, Profile.TWO_PIPE, Agent.BF_SWITCHD),
    /** Four-pipe Tofino (64 x 100G; CPU port 320) under Stratum. */
    FOUR_PIPE_STRATUM(P4SlicePipeconfIds.TOFINO_FOUR_PIPE_PIPECONF_ID, Profile.FOUR_PIPE, Agent.STRATUM),
    /** Four-pipe Tofino under P4Studio's {@code bf_switchd --p4rt-server}. */
    FOUR_PIPE_BF_SWITCHD(P4SlicePipeconfIds.TOFINO_FOUR_PIPE_BF_SWITCHD_PIPECONF_ID, Profile.FOUR_PIPE,
                         Agent.BF_SWITCHD);

    /** A chip profile: the compiled outputs under {@code p4c-out/tofino/<name>/} and the chip's pipes. */
    public enum Profile {
        /** Two pipes (0, 1): CPU (PCIe) port 192. */
        TWO_PIPE("two-pipe", List.of(0, 1)),
        /** Four pipes (0..3): CPU (PCIe) port 320. */
        FOUR_PIPE("four-pipe", List.of(0, 1, 2, 3));

        private final String directory;
        private final List<Integer> pipes;

        Profile(String directory, List<Integer> pipes) {
            this.directory = directory;
            this.pipes = pipes;
        }

        /**
         * Returns the name of the profile's folder under {@code p4c-out/tofino/} (a profile of
         * {@code make -C p4src tofino}).
         *
         * @return folder name
         */
        public String directory() {
            return directory;
        }

        /**
         * Returns the chip's pipes, the scope the program is loaded into.
         *
         * @return pipe numbers
         */
        public List<Integer> pipes() {
            return pipes;
        }
    }

    /** The agent on the switch: what ONOS driver talks to it and what device configuration it parses. */
    public enum Agent {
        /** Stratum (bfrt): a serialized {@code BfPipelineConfig} ({@link StratumPipelineConfig}). */
        STRATUM("stratum-tofino"),
        /** P4Studio's {@code bf_switchd --p4rt-server}, PI's bfpi back end ({@link BfSwitchdDeviceConfig}). */
        BF_SWITCHD("barefoot");

        private final String driver;

        Agent(String driver) {
            this.driver = driver;
        }

        /**
         * Returns the ONOS 2.7 driver for a device of this agent (netcfg {@code basic.driver}).
         *
         * @return driver name
         */
        public String driver() {
            return driver;
        }
    }

    private final PiPipeconfId id;
    private final Profile profile;
    private final Agent agent;

    TofinoTarget(PiPipeconfId id, Profile profile, Agent agent) {
        this.id = id;
        this.profile = profile;
        this.agent = agent;
    }

    /**
     * Returns the pipeconf id (netcfg {@code basic.pipeconf}).
     *
     * @return id
     */
    public PiPipeconfId id() {
        return id;
    }

    /**
     * Returns the chip profile.
     *
     * @return profile
     */
    public Profile profile() {
        return profile;
    }

    /**
     * Returns the agent.
     *
     * @return agent
     */
    public Agent agent() {
        return agent;
    }
}

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
package org.p4slice.pipeconf;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The ids of the p4slice pipeconfs, as the netcfg names them ({@code "pipeconf"}): a device running one
 * of them can carry slices. The pipeconfs themselves are built inside this bundle, from its p4c
 * outputs; the slicing app knows them by these ids only.
 */
public final class P4SlicePipeconfIds {

    /** Id of the bmv2 (v1model) pipeconf. */
    public static final PiPipeconfId BMV2_PIPECONF_ID = new PiPipeconfId("org.p4slice.bmv2");
    /** Id of the Tofino pipeconf of the testbed's switches: two-pipe chip, Stratum agent. */
    public static final PiPipeconfId TOFINO_PIPECONF_ID = new PiPipeconfId("org.p4slice.tofino");
    /** Id of the Tofino pipeconf for a two-pipe chip with Barefoot's bf_switchd agent. */
    public static final PiPipeconfId TOFINO_BF_SWITCHD_PIPECONF_ID = new PiPipeconfId("org.p4slice.tofino.bfswitchd");
    /** Id of the Tofino pipeconf for a four-pipe chip, Stratum agent. */
    public static final PiPipeconfId TOFINO_FOUR_PIPE_PIPECONF_ID = new PiPipeconfId("org.p4slice.tofino.fourpipe");
    /** Id of the Tofino pipeconf for a four-pipe chip with Barefoot's bf_switchd agent. */
    public static final PiPipeconfId TOFINO_FOUR_PIPE_BF_SWITCHD_PIPECONF_ID =
            new PiPipeconfId("org.p4slice.tofino.fourpipe.bfswitchd");

    private static final List<PiPipeconfId> IDS = ImmutableList.of(
            BMV2_PIPECONF_ID, TOFINO_PIPECONF_ID, TOFINO_BF_SWITCHD_PIPECONF_ID, TOFINO_FOUR_PIPE_PIPECONF_ID,
            TOFINO_FOUR_PIPE_BF_SWITCHD_PIPECONF_ID);

    private P4SlicePipeconfIds() {
    }

    /**
     * Returns the ids of every p4slice pipeconf.
     *
     * @return bmv2 first, then the Tofino ones (two-pipe before four-pipe, Stratum before bf_switchd)
     */
    public static List<PiPipeconfId> ids() {
        return IDS;
    }

    /**
     * Describes the pipeconfs for messages: "org.p4slice.bmv2, org.p4slice.tofino, ...".
     *
     * @return the ids, comma-separated
     */
    public static String describeIds() {
        return IDS.stream().map(PiPipeconfId::id).collect(Collectors.joining(", "));
    }
}

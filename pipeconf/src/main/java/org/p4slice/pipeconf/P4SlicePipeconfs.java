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

import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.meter.MeterProgrammable;
import org.onosproject.net.pi.model.DefaultPiPipeconf;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.p4runtime.model.P4InfoParser;
import org.onosproject.p4runtime.model.P4InfoParserException;
import org.p4slice.pipeconf.behaviour.P4RuntimeSliceCounters;
import org.p4slice.pipeconf.behaviour.P4RuntimeSliceMeterCells;
import org.p4slice.pipeconf.behaviour.P4RuntimeSliceMulticastGroups;
import org.p4slice.pipeconf.behaviour.P4SliceMeterProgrammable;
import org.p4slice.pipeconf.behaviour.P4SliceInterpreter;
import org.p4slice.pipeconf.behaviour.P4SlicePipeliner;

import java.net.URL;

import static java.lang.String.format;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.BMV2_JSON;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.CPU_PORT_TXT;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.P4_INFO_TEXT;

/**
 * Builds the p4slice pipeconfs from the p4c outputs packaged with this bundle.
 * <p>
 * Every target shares the behaviours (interpreter, pipeliner, slice counters, slice meter cells and multicast groups,
 * and a meter programmable that keeps ONOS's meter subsystem off the slice meter) since the
 * v1model and TNA programs expose the same P4Info names; a target differs only in its p4c
 * outputs. A
 * Tofino pipeconf ({@code org.p4slice.tofino}) is one more method here with its extensions.
 */
public final class P4SlicePipeconfs {

    /** Id of the bmv2 (v1model) pipeconf, as used in netcfg {@code "pipeconf"}. */
    public static final PiPipeconfId BMV2_PIPECONF_ID = new PiPipeconfId("org.p4slice.bmv2");

    /** Class-path folder of the bmv2 p4c outputs (written by {@code p4src/Makefile}). */
    static final String BMV2_RESOURCE_DIR = "/p4c-out/bmv2/";
    static final String P4INFO_FILE = "p4info.txt";
    static final String BMV2_JSON_FILE = "bmv2.json";
    static final String CPU_PORT_FILE = "cpu_port.txt";

    private P4SlicePipeconfs() {
        // static factory
    }

    /**
     * Builds the bmv2 pipeconf {@link #BMV2_PIPECONF_ID} from the packaged p4c outputs.
     *
     * @return the pipeconf
     * @throws IllegalStateException if a p4c output is missing or the P4Info cannot be parsed
     */
    public static PiPipeconf bmv2() {
        return bmv2(BMV2_RESOURCE_DIR);
    }

    /**
     * Builds the bmv2 pipeconf from the p4c outputs in the given class-path folder.
     *
     * @param resourceDir class-path folder ending with {@code /}
     * @return the pipeconf
     * @throws IllegalStateException if a p4c output is missing or the P4Info cannot be parsed
     */
    static PiPipeconf bmv2(String resourceDir) {
        URL p4Info = resource(resourceDir, P4INFO_FILE);
        URL bmv2Json = resource(resourceDir, BMV2_JSON_FILE);
        URL cpuPort = resource(resourceDir, CPU_PORT_FILE);
        return withBehaviours(DefaultPiPipeconf.builder())
                .withId(BMV2_PIPECONF_ID)
                .withPipelineModel(parseP4Info(p4Info))
                .addExtension(P4_INFO_TEXT, p4Info)
                .addExtension(BMV2_JSON, bmv2Json)
                .addExtension(CPU_PORT_TXT, cpuPort)
                .build();
    }

    /** Adds the behaviours common to every p4slice target. */
    private static DefaultPiPipeconf.Builder withBehaviours(DefaultPiPipeconf.Builder builder) {
        return builder
                .addBehaviour(PiPipelineInterpreter.class, P4SliceInterpreter.class)
                .addBehaviour(Pipeliner.class, P4SlicePipeliner.class)
                .addBehaviour(SliceCounters.class, P4RuntimeSliceCounters.class)
                .addBehaviour(SliceMeterCells.class, P4RuntimeSliceMeterCells.class)
                .addBehaviour(SliceMulticastGroups.class, P4RuntimeSliceMulticastGroups.class)
                .addBehaviour(MeterProgrammable.class, P4SliceMeterProgrammable.class);
    }

    private static URL resource(String dir, String file) {
        String path = dir + file;
        URL url = P4SlicePipeconfs.class.getResource(path);
        if (url == null) {
            throw new IllegalStateException(format(
                    "p4slice pipeconf %s: resource %s is missing from the bundle; "
                            + "compile the P4 program (cd p4src && make) and rebuild the pipeconf",
                    BMV2_PIPECONF_ID, path));
        }
        return url;
    }

    private static PiPipelineModel parseP4Info(URL p4Info) {
        try {
            return P4InfoParser.parse(p4Info);
        } catch (P4InfoParserException e) {
            throw new IllegalStateException(format(
                    "p4slice pipeconf %s: cannot parse P4Info %s: %s", BMV2_PIPECONF_ID, p4Info, e.getMessage()), e);
        }
    }
}

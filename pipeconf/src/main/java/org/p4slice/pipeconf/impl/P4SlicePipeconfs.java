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
package org.p4slice.pipeconf.impl;

import com.google.common.collect.ImmutableList;
import com.google.protobuf.TextFormat;
import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.flow.FlowRuleProgrammable;
import org.onosproject.net.meter.MeterProgrammable;
import org.onosproject.net.pi.model.DefaultPiPipeconf;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.p4runtime.model.P4InfoParser;
import org.onosproject.p4runtime.model.P4InfoParserException;
import org.p4slice.pipeconf.P4SliceConstants;
import org.p4slice.pipeconf.P4SlicePipeconfIds;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.pipeconf.SliceMeterCells;
import org.p4slice.pipeconf.SliceMulticastGroups;
import org.p4slice.pipeconf.behaviour.P4RuntimeSliceCounters;
import org.p4slice.pipeconf.behaviour.P4RuntimeSliceMeterCells;
import org.p4slice.pipeconf.behaviour.P4RuntimeSliceMulticastGroups;
import org.p4slice.pipeconf.behaviour.P4SliceFlowRuleProgrammable;
import org.p4slice.pipeconf.behaviour.P4SliceInterpreter;
import org.p4slice.pipeconf.behaviour.P4SliceMeterProgrammable;
import org.p4slice.pipeconf.behaviour.P4SlicePipeliner;
import org.p4slice.pipeconf.behaviour.TofinoSliceMeterCells;
import org.p4slice.pipeconf.tofino.BfSwitchdDeviceConfig;
import org.p4slice.pipeconf.tofino.GeneratedUrls;
import org.p4slice.pipeconf.tofino.StratumPipelineConfig;
import org.p4slice.pipeconf.tofino.TofinoTarget;
import p4.config.v1.P4InfoOuterClass.Meter;
import p4.config.v1.P4InfoOuterClass.P4Info;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static java.lang.String.format;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.BMV2_JSON;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.CPU_PORT_TXT;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.P4_INFO_TEXT;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.RAW_DEVICE_CONFIG;
import static org.p4slice.pipeconf.P4SlicePipeconfIds.BMV2_PIPECONF_ID;

/**
 * Builds the p4slice pipeconfs from the p4c outputs packaged with this bundle.
 * <p>
 * Every target shares the behaviours (interpreter, pipeliner, slice counters, slice meter cells and multicast groups,
 * and a meter programmable that keeps ONOS's meter subsystem off the slice meter) since the
 * v1model and TNA programs are the same slicing controls with the same P4Info names; a target
 * differs in its p4c outputs, its CPU port ({@code cpu_port.txt}), the device configuration its
 * agent parses and how its agent rounds meter rates ({@link TofinoSliceMeterCells}). What the
 * behaviours need to know of a target they read from its pipeconf, never from the slicing app.
 */
public final class P4SlicePipeconfs {

    /** Class-path folder of the bmv2 p4c outputs (written by {@code p4src/Makefile}). */
    public static final String BMV2_RESOURCE_DIR = "/p4c-out/bmv2/";
    /** Class-path folder of the Tofino p4c outputs, one folder per profile ({@code make -C p4src tofino}). */
    public static final String TOFINO_RESOURCE_DIR = "/p4c-out/tofino/";
    public static final String P4INFO_FILE = "p4info.txt";
    static final String BMV2_JSON_FILE = "bmv2.json";
    public static final String CPU_PORT_FILE = "cpu_port.txt";
    static final String TOFINO_BIN_FILE = "tofino.bin";
    static final String CONTEXT_FILE = "context.json";
    static final String BF_RT_FILE = "bf-rt.json";
    /** Program name given to the Tofino agents (the P4 file's, as bf-p4c names it). */
    static final String PROGRAM_NAME = "p4slice";
    /** The TNA program's one P4 pipeline ({@code Pipeline(...) pipe}). */
    static final String PIPELINE_NAME = "pipe";

    private P4SlicePipeconfs() {
        // static factory
    }

    /**
     * Builds every p4slice pipeconf whose p4c outputs are packaged, as {@link P4SlicePipeconfIds#ids()}
     * orders them:
     * bmv2's always, a Tofino one only if its profile was compiled with bf-p4c ({@code make -C
     * p4src tofino}); {@link #tofinoNotPackaged()} names the others.
     *
     * @return the pipeconfs
     * @throws IllegalStateException if a bmv2 output or a file of a packaged Tofino profile is
     *                               missing, or a P4Info cannot be parsed
     */
    public static List<PiPipeconf> all() {
        return ImmutableList.<PiPipeconf>builder().add(bmv2())
                .addAll(Arrays.stream(TofinoTarget.values()).filter(P4SlicePipeconfs::packaged)
                                .map(P4SlicePipeconfs::tofino).iterator()).build();
    }

    /**
     * Returns the Tofino pipeconfs that cannot be built because their profile's bf-p4c outputs
     * ({@code p4c-out/tofino/<profile>/p4info.txt} and the rest) are not in the bundle.
     *
     * @return their ids, in {@link P4SlicePipeconfIds#ids()} order; empty when every profile is packaged
     */
    public static List<PiPipeconfId> tofinoNotPackaged() {
        return Arrays.stream(TofinoTarget.values()).filter(t -> !packaged(t)).map(TofinoTarget::id)
                .collect(Collectors.toList());
    }

    private static boolean packaged(TofinoTarget target) {
        return P4SlicePipeconfs.class.getResource(
                TOFINO_RESOURCE_DIR + target.profile().directory() + "/" + P4INFO_FILE) != null;
    }

    /**
     * Builds the bmv2 pipeconf {@link P4SlicePipeconfIds#BMV2_PIPECONF_ID} from the packaged p4c outputs.
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
        URL p4Info = resource(BMV2_PIPECONF_ID, resourceDir, P4INFO_FILE);
        URL bmv2Json = resource(BMV2_PIPECONF_ID, resourceDir, BMV2_JSON_FILE);
        URL cpuPort = resource(BMV2_PIPECONF_ID, resourceDir, CPU_PORT_FILE);
        return withBehaviours(DefaultPiPipeconf.builder())
                .addBehaviour(SliceMeterCells.class, P4RuntimeSliceMeterCells.class)
                .withId(BMV2_PIPECONF_ID)
                .withPipelineModel(parseP4Info(BMV2_PIPECONF_ID, p4Info))
                .addExtension(P4_INFO_TEXT, p4Info)
                .addExtension(BMV2_JSON, bmv2Json)
                .addExtension(CPU_PORT_TXT, cpuPort)
                .build();
    }

    /**
     * Builds a Tofino pipeconf from the packaged outputs of its profile: the P4Info, the CPU port
     * and, as {@code RAW_DEVICE_CONFIG} (which ONOS 2.7's Tofino drivers send as the P4Runtime
     * {@code p4_device_config} as it is), the device configuration its agent parses, assembled
     * from tofino.bin, context.json and bf-rt.json whenever ONOS reads it.
     *
     * @param id the id of one of the Tofino pipeconfs (its chip profile and agent)
     * @return the pipeconf
     * @throws IllegalArgumentException if the id is not a Tofino pipeconf's
     * @throws IllegalStateException if a p4c output is missing or the P4Info cannot be parsed
     */
    public static PiPipeconf tofino(PiPipeconfId id) {
        TofinoTarget target = Arrays.stream(TofinoTarget.values()).filter(t -> t.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(format(
                        "%s is not a p4slice Tofino pipeconf (%s)", id, P4SlicePipeconfIds.describeIds())));
        return tofino(target);
    }

    static PiPipeconf tofino(TofinoTarget target) {
        return tofino(target, TOFINO_RESOURCE_DIR + target.profile().directory() + "/");
    }

    static PiPipeconf tofino(TofinoTarget target, String resourceDir) {
        PiPipeconfId id = target.id();
        URL p4Info = resource(id, resourceDir, P4INFO_FILE);
        URL cpuPort = resource(id, resourceDir, CPU_PORT_FILE);
        URL binary = resource(id, resourceDir, TOFINO_BIN_FILE);
        URL context = resource(id, resourceDir, CONTEXT_FILE);
        URL bfRuntime = resource(id, resourceDir, BF_RT_FILE);
        Supplier<byte[]> deviceConfig;
        if (target.agent() == TofinoTarget.Agent.STRATUM) {
            deviceConfig = () -> StratumPipelineConfig.encode(PROGRAM_NAME, read(bfRuntime), PIPELINE_NAME,
                                                              read(context), read(binary), target.profile().pipes());
        } else {
            deviceConfig = () -> BfSwitchdDeviceConfig.encode(PROGRAM_NAME, read(binary), read(context),
                                                              PIPELINE_NAME, read(bfRuntime));
        }
        return withBehaviours(DefaultPiPipeconf.builder())
                .addBehaviour(SliceMeterCells.class, TofinoSliceMeterCells.class)
                .withId(id)
                .withPipelineModel(parseP4Info(id, p4Info))
                .addExtension(P4_INFO_TEXT, p4Info)
                .addExtension(CPU_PORT_TXT, cpuPort)
                .addExtension(RAW_DEVICE_CONFIG, GeneratedUrls.of(
                        id + "/" + target.agent().name().toLowerCase() + "-device-config", deviceConfig))
                .build();
    }

    /** Adds the behaviours common to every p4slice target, but the meter cells'. */
    private static DefaultPiPipeconf.Builder withBehaviours(DefaultPiPipeconf.Builder builder) {
        return builder
                .addBehaviour(PiPipelineInterpreter.class, P4SliceInterpreter.class)
                .addBehaviour(Pipeliner.class, P4SlicePipeliner.class)
                .addBehaviour(SliceCounters.class, P4RuntimeSliceCounters.class)
                .addBehaviour(SliceMulticastGroups.class, P4RuntimeSliceMulticastGroups.class)
                .addBehaviour(MeterProgrammable.class, P4SliceMeterProgrammable.class)
                .addBehaviour(FlowRuleProgrammable.class, P4SliceFlowRuleProgrammable.class);
    }

    private static URL resource(PiPipeconfId id, String dir, String file) {
        String path = dir + file;
        URL url = P4SlicePipeconfs.class.getResource(path);
        if (url == null) {
            throw new IllegalStateException(format(
                    "p4slice pipeconf %s: resource %s is missing from the bundle; compile the P4 program "
                            + "(%s) and rebuild the pipeconf", id, path,
                    BMV2_PIPECONF_ID.equals(id) ? "cd p4src && make" : "make -C p4src tofino"));
        }
        return url;
    }

    private static byte[] read(URL url) {
        try (InputStream in = url.openStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + url + ": " + e.getMessage(), e);
        }
    }

    /**
     * The pipeline model ONOS is given: the P4Info's, without the slice meter. The slicing app
     * owns that meter's cells ({@link SliceMeterCells}); a meter in the model is one ONOS's meter
     * subsystem polls, and resets every cell ONOS did not write itself. On bmv2 the pipeconf's
     * {@link P4SliceMeterProgrammable} already keeps it off, but a driver that declares its own
     * MeterProgrammable ({@code stratum-tofino}) wins over the pipeconf's: ONOS 2.7's
     * {@code PiPipeconfManager} merges the base driver's behaviours last. The P4Runtime codecs
     * read the P4Info extension itself, so the slicing app still writes and reads the meter.
     */
    private static PiPipelineModel parseP4Info(PiPipeconfId id, URL p4Info) {
        try {
            P4Info.Builder info = P4Info.newBuilder();
            TextFormat.getParser().merge(new String(read(p4Info), StandardCharsets.UTF_8), info);
            List<Meter> kept = info.getMetersList().stream()
                    .filter(m -> !P4SliceConstants.INGRESS_SLICE_METER.id().equals(m.getPreamble().getName()))
                    .collect(Collectors.toList());
            byte[] model = TextFormat.printer().printToString(info.clearMeters().addAllMeters(kept).build())
                    .getBytes(StandardCharsets.UTF_8);
            return P4InfoParser.parse(GeneratedUrls.of(id + "/p4info-model.txt", () -> model));
        } catch (P4InfoParserException | TextFormat.ParseException e) {
            throw new IllegalStateException(format(
                    "p4slice pipeconf %s: cannot parse P4Info %s: %s", id, p4Info, e.getMessage()), e);
        }
    }
}

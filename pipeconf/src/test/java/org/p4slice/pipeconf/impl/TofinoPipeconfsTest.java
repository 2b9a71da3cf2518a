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

import org.junit.Test;
import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.flow.FlowRuleProgrammable;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconf.ExtensionType;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.p4slice.pipeconf.P4SlicePipeconfIds;
import org.p4slice.pipeconf.SliceMeterCells;
import org.p4slice.pipeconf.TofinoOutputs;
import org.p4slice.pipeconf.behaviour.P4SliceFlowRuleProgrammable;
import org.p4slice.pipeconf.behaviour.P4SliceInterpreter;
import org.p4slice.pipeconf.behaviour.P4SlicePipeliner;
import org.p4slice.pipeconf.behaviour.TofinoSliceMeterCells;
import org.p4slice.pipeconf.tofino.DeviceConfigReader;
import org.p4slice.pipeconf.tofino.TofinoTarget;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Tests of the Tofino pipeconfs of {@link P4SlicePipeconfs}: one per chip profile and agent, each
 * with its profile's compiled outputs and, as the raw device configuration, exactly those outputs
 * in the layout its agent parses.
 */
public class TofinoPipeconfsTest {

    private static byte[] bytes(PiPipeconf pipeconf, ExtensionType type) throws IOException {
        Optional<InputStream> stream = pipeconf.extension(type);
        assertTrue(pipeconf.id() + ": missing extension " + type, stream.isPresent());
        try (InputStream in = stream.get()) {
            return in.readAllBytes();
        }
    }

    private static byte[] resource(TofinoTarget target, String file) throws IOException {
        String path = P4SlicePipeconfs.TOFINO_RESOURCE_DIR + target.profile().directory() + "/" + file;
        try (InputStream in = TofinoPipeconfsTest.class.getResourceAsStream(path)) {
            assertTrue(path + " is packaged", in != null);
            return in.readAllBytes();
        }
    }

    private static String text(Object bytes) {
        return new String((byte[]) bytes, StandardCharsets.UTF_8);
    }

    @Test
    public void everyP4slicePipeconfIsListedOnceBmv2First() {
        assertEquals(List.of("org.p4slice.bmv2", "org.p4slice.tofino", "org.p4slice.tofino.bfswitchd",
                             "org.p4slice.tofino.fourpipe", "org.p4slice.tofino.fourpipe.bfswitchd"),
                     P4SlicePipeconfIds.ids().stream().map(PiPipeconfId::id).collect(Collectors.toList()));
        assertEquals(TofinoTarget.TWO_PIPE_STRATUM.id(), P4SlicePipeconfIds.TOFINO_PIPECONF_ID);
        assertEquals(Arrays.stream(TofinoTarget.values()).map(TofinoTarget::id).collect(Collectors.toList()),
                     P4SlicePipeconfIds.ids().subList(1, P4SlicePipeconfIds.ids().size()));
        List<PiPipeconfId> built = P4SlicePipeconfIds.ids().stream()
                .filter(id -> !P4SlicePipeconfs.tofinoNotPackaged().contains(id)).collect(Collectors.toList());
        assertEquals(built, P4SlicePipeconfs.all().stream().map(PiPipeconf::id).collect(Collectors.toList()));
    }

    @Test
    public void aTofinoPipeconfIsLeftOutExactlyWhenItsProfileIsNotPackaged() {
        for (TofinoTarget target : TofinoTarget.values()) {
            String p4info = P4SlicePipeconfs.TOFINO_RESOURCE_DIR + target.profile().directory() + "/p4info.txt";
            assertEquals(target.id().id(), !TofinoOutputs.packaged(p4info),
                         P4SlicePipeconfs.tofinoNotPackaged().contains(target.id()));
        }
    }

    @Test
    public void anIdOfNoTofinoPipeconfIsRefusedByName() {
        try {
            P4SlicePipeconfs.tofino(P4SlicePipeconfIds.BMV2_PIPECONF_ID);
            fail("org.p4slice.bmv2 is no Tofino pipeconf");
        } catch (IllegalArgumentException e) {
            assertEquals("org.p4slice.bmv2 is not a p4slice Tofino pipeconf (" + P4SlicePipeconfIds.describeIds() + ")",
                         e.getMessage());
        }
    }

    @Test
    public void eachTargetHasItsProfilesP4InfoAndCpuPortAndTheCommonBehaviours() throws IOException {
        TofinoOutputs.assumePackaged();
        Map<TofinoTarget.Profile, String> cpuPorts = Map.of(TofinoTarget.Profile.TWO_PIPE, "192",
                                                            TofinoTarget.Profile.FOUR_PIPE, "320");
        for (TofinoTarget target : TofinoTarget.values()) {
            PiPipeconf pipeconf = P4SlicePipeconfs.tofino(target);
            assertEquals(target.id(), pipeconf.id());
            assertArrayEquals(resource(target, "p4info.txt"), bytes(pipeconf, ExtensionType.P4_INFO_TEXT));
            assertEquals(cpuPorts.get(target.profile()), text(bytes(pipeconf, ExtensionType.CPU_PORT_TXT)).trim());
            assertEquals(Optional.of("tna"), pipeconf.pipelineModel().architecture());
            assertTrue(target + " carries no bmv2 JSON", pipeconf.extension(ExtensionType.BMV2_JSON).isEmpty());
            assertEquals(Optional.of(P4SliceInterpreter.class),
                         pipeconf.implementation(PiPipelineInterpreter.class));
            assertEquals(Optional.of(P4SlicePipeliner.class),
                         pipeconf.implementation(Pipeliner.class));
            assertEquals(Optional.of(TofinoSliceMeterCells.class), pipeconf.implementation(SliceMeterCells.class));
            assertEquals(target + ": the driver's flow rule calls, one device's one at a time",
                         Optional.of(P4SliceFlowRuleProgrammable.class),
                         pipeconf.implementation(FlowRuleProgrammable.class));
        }
    }

    @Test
    public void stratumTargetsSendABfPipelineConfigOfTheCompiledFiles() throws IOException {
        TofinoOutputs.assumePackaged();
        for (TofinoTarget target : List.of(TofinoTarget.TWO_PIPE_STRATUM, TofinoTarget.FOUR_PIPE_STRATUM)) {
            Map<Integer, List<Object>> config = DeviceConfigReader.bfPipelineConfig(
                    bytes(P4SlicePipeconfs.tofino(target), ExtensionType.RAW_DEVICE_CONFIG));
            assertEquals("p4slice", text(config.get(1).get(0)));
            assertArrayEquals(resource(target, "bf-rt.json"), (byte[]) config.get(2).get(0));
            assertEquals(1, config.get(3).size());
            @SuppressWarnings("unchecked")
            Map<Integer, List<Object>> profile = (Map<Integer, List<Object>>) config.get(3).get(0);
            assertEquals("pipe", text(profile.get(1).get(0)));
            assertArrayEquals(resource(target, "context.json"), (byte[]) profile.get(2).get(0));
            assertArrayEquals(resource(target, "tofino.bin"), (byte[]) profile.get(3).get(0));
            assertEquals(List.of(target.profile().pipes()), profile.get(4));
        }
    }

    @Test
    public void bfSwitchdTargetsSendPisLayoutOfTheCompiledFiles() throws IOException {
        TofinoOutputs.assumePackaged();
        for (TofinoTarget target : List.of(TofinoTarget.TWO_PIPE_BF_SWITCHD, TofinoTarget.FOUR_PIPE_BF_SWITCHD)) {
            List<byte[]> chunks = DeviceConfigReader.piChunks(
                    bytes(P4SlicePipeconfs.tofino(target), ExtensionType.RAW_DEVICE_CONFIG));
            assertEquals(5, chunks.size());
            assertEquals("p4slice", text(chunks.get(0)));
            assertArrayEquals(resource(target, "tofino.bin"), chunks.get(1));
            assertArrayEquals(resource(target, "context.json"), chunks.get(2));
            assertEquals("pipe", text(chunks.get(3)));
            assertArrayEquals(resource(target, "bf-rt.json"), chunks.get(4));
        }
    }

    @Test
    public void profilesDifferInTheirCompiledProgram() throws IOException {
        TofinoOutputs.assumePackaged();
        byte[] twoPipes = resource(TofinoTarget.TWO_PIPE_STRATUM, "tofino.bin");
        byte[] fourPipes = resource(TofinoTarget.FOUR_PIPE_STRATUM, "tofino.bin");
        assertFalse("the CPU port is compiled in", Arrays.equals(twoPipes, fourPipes));
    }

    @Test
    public void missingOutputsAreNamedWithTheCommandThatMakesThem() {
        try {
            P4SlicePipeconfs.tofino(TofinoTarget.TWO_PIPE_STRATUM, "/p4c-out/tofino/no-such-profile/");
            fail("a pipeconf without p4c outputs must not be built");
        } catch (IllegalStateException e) {
            assertThat(e.getMessage(), containsString("org.p4slice.tofino"));
            assertThat(e.getMessage(), containsString("/p4c-out/tofino/no-such-profile/p4info.txt"));
            assertThat(e.getMessage(), containsString("make -C p4src tofino"));
        }
    }
}

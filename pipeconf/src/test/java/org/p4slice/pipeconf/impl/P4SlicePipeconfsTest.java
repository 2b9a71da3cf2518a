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
import org.onosproject.net.meter.MeterProgrammable;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconf.ExtensionType;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.pipeconf.SliceMeterCells;
import org.p4slice.pipeconf.SliceMulticastGroups;
import org.p4slice.pipeconf.behaviour.P4RuntimeSliceCounters;
import org.p4slice.pipeconf.behaviour.P4RuntimeSliceMeterCells;
import org.p4slice.pipeconf.behaviour.P4RuntimeSliceMulticastGroups;
import org.p4slice.pipeconf.behaviour.P4SliceFlowRuleProgrammable;
import org.p4slice.pipeconf.behaviour.P4SliceMeterProgrammable;
import org.p4slice.pipeconf.behaviour.P4SliceInterpreter;
import org.p4slice.pipeconf.behaviour.P4SlicePipeliner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.pipeconf.P4SliceConstants.CPU_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_METER;

/**
 * Tests of {@link P4SlicePipeconfs}: the bmv2 pipeconf built from the packaged p4c outputs.
 */
public class P4SlicePipeconfsTest {

    private static String read(PiPipeconf pipeconf, ExtensionType type) throws IOException {
        Optional<InputStream> stream = pipeconf.extension(type);
        assertTrue("missing extension " + type, stream.isPresent());
        try (InputStream in = stream.get()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = P4SlicePipeconfsTest.class.getResourceAsStream(P4SlicePipeconfs.BMV2_RESOURCE_DIR
                                                                                    + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    public void bmv2PipeconfHasTheModelTheExtensionsAndTheBehaviours() throws IOException {
        PiPipeconf pipeconf = P4SlicePipeconfs.bmv2();

        assertEquals("org.p4slice.bmv2", pipeconf.id().id());
        assertTrue(pipeconf.pipelineModel().table(INGRESS_ACL).isPresent());
        assertTrue("the slice meter is the slicing app's: ONOS's meter subsystem must not see it",
                   pipeconf.pipelineModel().meter(INGRESS_SLICE_METER).isEmpty());
        assertThat("it is still in the P4Info the P4Runtime codecs read", read(pipeconf, ExtensionType.P4_INFO_TEXT),
                   containsString(INGRESS_SLICE_METER.id()));

        assertEquals(resource(P4SlicePipeconfs.P4INFO_FILE), read(pipeconf, ExtensionType.P4_INFO_TEXT));
        assertEquals(resource(P4SlicePipeconfs.BMV2_JSON_FILE), read(pipeconf, ExtensionType.BMV2_JSON));
        assertEquals(resource(P4SlicePipeconfs.CPU_PORT_FILE), read(pipeconf, ExtensionType.CPU_PORT_TXT));

        assertEquals(Set.of(PiPipelineInterpreter.class, Pipeliner.class, SliceCounters.class, SliceMeterCells.class,
                            SliceMulticastGroups.class, MeterProgrammable.class, FlowRuleProgrammable.class),
                     Set.copyOf(pipeconf.behaviours()));
        assertEquals(Optional.of(P4SliceInterpreter.class), pipeconf.implementation(PiPipelineInterpreter.class));
        assertEquals(Optional.of(P4SlicePipeliner.class), pipeconf.implementation(Pipeliner.class));
        assertEquals(Optional.of(P4RuntimeSliceCounters.class), pipeconf.implementation(SliceCounters.class));
        assertEquals(Optional.of(P4RuntimeSliceMeterCells.class), pipeconf.implementation(SliceMeterCells.class));
        assertEquals(Optional.of(P4RuntimeSliceMulticastGroups.class),
                     pipeconf.implementation(SliceMulticastGroups.class));
        assertEquals(Optional.of(P4SliceMeterProgrammable.class), pipeconf.implementation(MeterProgrammable.class));
        assertEquals("the driver's flow rule calls, one device's one at a time",
                     Optional.of(P4SliceFlowRuleProgrammable.class),
                     pipeconf.implementation(FlowRuleProgrammable.class));
    }

    @Test
    public void cpuPortOfTheP4OutputsIsTheJavaConstant() throws IOException {
        assertEquals(String.valueOf(CPU_PORT), resource(P4SlicePipeconfs.CPU_PORT_FILE).trim());
    }

    @Test
    public void bmv2JsonIsTheCompiledProgram() throws IOException {
        String json = resource(P4SlicePipeconfs.BMV2_JSON_FILE);
        assertThat(json, containsString(INGRESS_ACL.id()));
    }

    @Test
    public void missingOutputsAreNamed() {
        try {
            P4SlicePipeconfs.bmv2("/p4c-out/no-such-target/");
            fail("a pipeconf without p4c outputs must not be built");
        } catch (IllegalStateException e) {
            assertThat(e.getMessage(), containsString("/p4c-out/no-such-target/p4info.txt"));
            assertThat(e.getMessage(), containsString("cd p4src && make"));
        }
    }
}

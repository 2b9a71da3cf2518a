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
package org.p4slice.pipeconf.behaviour;

import org.junit.Test;
import org.onosproject.net.pi.model.DefaultPiPipeconf;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.p4runtime.model.P4InfoParser;
import org.p4slice.pipeconf.TofinoOutputs;
import org.p4slice.pipeconf.tofino.GeneratedUrls;
import org.p4slice.pipeconf.tofino.TofinoTarget;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.CPU_PORT_TXT;

/**
 * Tests of {@link TargetFacts}: the CPU port and the copy-to-CPU path come from the pipeconf.
 */
public class TargetFactsTest {

    @Test
    public void bmv2ClonesToPort255() {
        TargetFacts facts = TargetFacts.of(P4SlicePipeconfs.bmv2());
        assertEquals(255, facts.cpuPort());
        assertEquals("v1model", facts.architecture());
        assertTrue(facts.copyToCpuNeedsCloneSession());
    }

    @Test
    public void tofinoCopiesThroughTheTrafficManagerToItsProfilesCpuPort() {
        TofinoOutputs.assumePackaged();
        TargetFacts two = TargetFacts.of(P4SlicePipeconfs.tofino(TofinoTarget.TWO_PIPE_BF_SWITCHD.id()));
        TargetFacts four = TargetFacts.of(P4SlicePipeconfs.tofino(TofinoTarget.FOUR_PIPE_STRATUM.id()));
        assertEquals(192, two.cpuPort());
        assertEquals(320, four.cpuPort());
        assertEquals("tna", two.architecture());
        assertFalse(two.copyToCpuNeedsCloneSession());
        assertFalse(four.copyToCpuNeedsCloneSession());
    }

    private static PiPipeconf withCpuPort(String text) throws Exception {
        URL p4info = TargetFactsTest.class.getResource("/p4c-out/bmv2/p4info.txt");
        DefaultPiPipeconf.Builder builder = DefaultPiPipeconf.builder().withId(new PiPipeconfId("test.pipeconf"))
                .withPipelineModel(P4InfoParser.parse(p4info));
        if (text != null) {
            builder.addExtension(CPU_PORT_TXT, GeneratedUrls.of("cpu_port.txt",
                                                                () -> text.getBytes(StandardCharsets.US_ASCII)));
        }
        return builder.build();
    }

    @Test
    public void aMissingOrUnusableCpuPortIsNamed() throws Exception {
        String[][] cases = {
            {null, "pipeconf test.pipeconf has no CPU port (extension CPU_PORT_TXT)"},
            {"cpu\n", "pipeconf test.pipeconf: CPU port 'cpu' is not a number"},
            {"512\n", "pipeconf test.pipeconf: CPU port 512 does not fit the pipeline's ports (0..511)"},
        };
        for (String[] c : cases) {
            try {
                TargetFacts.of(withCpuPort(c[0]));
                fail("accepted CPU port " + c[0]);
            } catch (IllegalStateException e) {
                assertThat(e.getMessage(), containsString(c[1]));
            }
        }
        assertEquals(511, TargetFacts.of(withCpuPort(" 511 \n")).cpuPort());
    }
}

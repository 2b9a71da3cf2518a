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

import org.junit.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Tests of the two Tofino device-configuration layouts, each read back the way its agent reads
 * it: Stratum's {@code BfPipelineConfig} with protobuf's own wire-format reader (field numbers of
 * {@code bf.proto}), P4Studio's PI layout as {@code _pi_update_device_start} walks it.
 */
public class TofinoDeviceConfigsTest {

    private static final byte[] BF_RT = "{\"tables\": []}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] CONTEXT = "{\"program_name\": \"p4slice.p4\"}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] BINARY = {0x48, 0x00, 0x01, (byte) 0xff, 0x7f, (byte) 0x80};

    private static Map<Integer, List<Object>> decode(byte[] bytes) throws IOException {
        return DeviceConfigReader.bfPipelineConfig(bytes);
    }

    private static String text(Object bytes) {
        return new String((byte[]) bytes, StandardCharsets.UTF_8);
    }

    @Test
    public void stratumConfigHoldsNameBfRuntimeAndOneProfileWithItsPipes() throws IOException {
        byte[] encoded = StratumPipelineConfig.encode("p4slice", BF_RT, "pipe", CONTEXT, BINARY, List.of(0, 1));
        Map<Integer, List<Object>> config = decode(encoded);

        assertEquals(List.of(1, 2, 3), List.copyOf(config.keySet()));
        assertEquals("p4slice", text(config.get(1).get(0)));
        assertArrayEquals(BF_RT, (byte[]) config.get(2).get(0));
        assertEquals("one profile", 1, config.get(3).size());
        @SuppressWarnings("unchecked")
        Map<Integer, List<Object>> profile = (Map<Integer, List<Object>>) config.get(3).get(0);
        assertEquals("pipe", text(profile.get(1).get(0)));
        assertArrayEquals(CONTEXT, (byte[]) profile.get(2).get(0));
        assertArrayEquals(BINARY, (byte[]) profile.get(3).get(0));
        assertEquals(List.of(List.of(0, 1)), profile.get(4));
    }

    @Test
    public void stratumConfigIsProto3WireFormatByteForByte() {
        byte[] encoded = StratumPipelineConfig.encode("p", new byte[]{'{', '}'}, "q", new byte[]{'c'},
                                                      new byte[]{0x01}, List.of(0, 3));
        byte[] expected = {
            0x0a, 0x01, 'p',                      // 1: p4_name "p"
            0x12, 0x02, '{', '}',                 // 2: bfruntime_info
            0x1a, 0x0d,                           // 3: profiles, 13 bytes
            0x0a, 0x01, 'q',                      //   1: profile_name "q"
            0x12, 0x01, 'c',                      //   2: context
            0x1a, 0x01, 0x01,                     //   3: binary
            0x22, 0x02, 0x00, 0x03,               //   4: pipe_scope [0, 3], packed
        };
        assertArrayEquals(expected, encoded);
    }

    @Test
    public void stratumLengthsAreVarintsBeyondOneByte() throws IOException {
        byte[] big = new byte[300];
        big[299] = 42;
        Map<Integer, List<Object>> config = decode(
                StratumPipelineConfig.encode("p4slice", big, "pipe", CONTEXT, BINARY, List.of()));
        assertArrayEquals(big, (byte[]) config.get(2).get(0));
        @SuppressWarnings("unchecked")
        Map<Integer, List<Object>> profile = (Map<Integer, List<Object>>) config.get(3).get(0);
        assertNull("no pipe_scope: every pipe", profile.get(4));
    }

    @Test
    public void stratumRefusesEmptyNames() {
        for (String[] names : new String[][]{{"", "pipe"}, {"p4slice", ""}}) {
            try {
                StratumPipelineConfig.encode(names[0], BF_RT, names[1], CONTEXT, BINARY, List.of(0));
                fail("empty name accepted: " + List.of(names));
            } catch (IllegalArgumentException e) {
                assertThat(e.getMessage(), containsString(names[0].isEmpty() ? "needs a p4_name"
                        : "profile needs a profile_name"));
            }
        }
    }

    private static List<byte[]> piChunks(byte[] config) {
        return DeviceConfigReader.piChunks(config);
    }

    @Test
    public void bfSwitchdConfigIsNameBinaryContextPipelineAndBfRuntime() {
        List<byte[]> chunks = piChunks(BfSwitchdDeviceConfig.encode("p4slice", BINARY, CONTEXT, "pipe", BF_RT));
        assertEquals(5, chunks.size());
        assertEquals("p4slice", text(chunks.get(0)));
        assertArrayEquals(BINARY, chunks.get(1));
        assertArrayEquals(CONTEXT, chunks.get(2));
        assertEquals("pipe", text(chunks.get(3)));
        assertArrayEquals(BF_RT, chunks.get(4));
    }

    @Test
    public void bfSwitchdLengthsAreLittleEndian() {
        byte[] config = BfSwitchdDeviceConfig.encode("ab", new byte[258], CONTEXT, "pipe", BF_RT);
        assertArrayEquals(new byte[]{2, 0, 0, 0, 'a', 'b', 2, 1, 0, 0}, Arrays.copyOf(config, 10));
    }

    @Test
    public void bfSwitchdRefusesNamesPiCannotHold() {
        String tooLong = "p".repeat(BfSwitchdDeviceConfig.MAX_NAME_BYTES + 1);
        for (String[] names : new String[][]{{"", "pipe"}, {tooLong, "pipe"}, {"p4slice", tooLong}}) {
            try {
                BfSwitchdDeviceConfig.encode(names[0], BINARY, CONTEXT, names[1], BF_RT);
                fail("name accepted: " + names[0].length() + ", " + names[1].length() + " bytes");
            } catch (IllegalArgumentException e) {
                String what = names[0].equals("p4slice") ? "pipeline" : "program";
                assertThat(e.getMessage(), containsString("the " + what + " name must have 1..100 bytes"));
            }
        }
        assertEquals(5, piChunks(BfSwitchdDeviceConfig.encode(
                "p".repeat(BfSwitchdDeviceConfig.MAX_NAME_BYTES), BINARY, CONTEXT, "pipe", BF_RT)).size());
    }

    @Test
    public void generatedUrlComputesItsContentAtEveryOpening() throws IOException {
        AtomicInteger openings = new AtomicInteger();
        URL url = GeneratedUrls.of("org.p4slice.tofino/config", () -> new byte[]{(byte) openings.incrementAndGet()});
        assertThat(url.toString(), containsString("org.p4slice.tofino/config"));
        for (int i = 1; i <= 2; i++) {
            try (InputStream in = url.openStream()) {
                assertTrue("ONOS checks that an extension is not empty", in.available() > 0);
                assertArrayEquals(new byte[]{(byte) i}, in.readAllBytes());
            }
        }
    }
}

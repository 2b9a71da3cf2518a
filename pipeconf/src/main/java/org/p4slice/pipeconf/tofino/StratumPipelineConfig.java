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

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The device configuration Stratum's Tofino agent parses: a serialized
 * {@code stratum.hal.barefoot.BfPipelineConfig} ({@code stratum/hal/lib/barefoot/bf.proto}), as
 * fabric-tna packs it into its {@code pipeline_config.pb.bin}:
 * <pre>
 * message BfPipelineConfig {
 *   message Profile {
 *     string profile_name = 1;         // the P4 pipeline ("pipe")
 *     bytes context = 2;               // context.json
 *     bytes binary = 3;                // tofino.bin
 *     repeated uint32 pipe_scope = 4;  // the hardware pipes it is loaded into
 *   }
 *   string p4_name = 1;             // the program
 *   bytes bfruntime_info = 2;       // bf-rt.json
 *   repeated Profile profiles = 3;
 * }
 * </pre>
 * Stratum ({@code BfrtNode::SaveForwardingPipelineConfig}) writes each profile's files under
 * {@code <p4_name>/<profile_name>/} and loads them into the pipes of {@code pipe_scope}. The
 * encoding is proto3's wire format, written here so that the bundle needs no generated code:
 * fields in number order, {@code pipe_scope} packed.
 */
public final class StratumPipelineConfig {

    private static final int WIRE_LENGTH_DELIMITED = 2;

    private StratumPipelineConfig() {
        // static encoder
    }

    /**
     * Encodes a {@code BfPipelineConfig} with one profile.
     *
     * @param p4Name      program name
     * @param bfRuntime   bf-rt.json
     * @param profileName P4 pipeline name
     * @param context     context.json
     * @param binary      tofino.bin
     * @param pipeScope   hardware pipes, none for all
     * @return the serialized message
     */
    public static byte[] encode(String p4Name, byte[] bfRuntime, String profileName, byte[] context,
                                byte[] binary, List<Integer> pipeScope) {
        checkArgument(!p4Name.isEmpty(), "a BfPipelineConfig needs a p4_name");
        checkArgument(!profileName.isEmpty(), "a BfPipelineConfig profile needs a profile_name");
        ByteArrayOutputStream profile = new ByteArrayOutputStream();
        bytesField(profile, 1, profileName.getBytes(StandardCharsets.UTF_8));
        bytesField(profile, 2, context);
        bytesField(profile, 3, binary);
        if (!pipeScope.isEmpty()) {
            ByteArrayOutputStream packed = new ByteArrayOutputStream();
            for (int pipe : pipeScope) {
                checkArgument(pipe >= 0, "pipe %s is negative", pipe);
                varint(packed, pipe);
            }
            bytesField(profile, 4, packed.toByteArray());
        }
        ByteArrayOutputStream config = new ByteArrayOutputStream();
        bytesField(config, 1, p4Name.getBytes(StandardCharsets.UTF_8));
        bytesField(config, 2, bfRuntime);
        bytesField(config, 3, profile.toByteArray());
        return config.toByteArray();
    }

    private static void bytesField(ByteArrayOutputStream out, int field, byte[] value) {
        varint(out, (long) field << 3 | WIRE_LENGTH_DELIMITED);
        varint(out, value.length);
        out.writeBytes(value);
    }

    private static void varint(ByteArrayOutputStream out, long value) {
        long rest = value;
        while ((rest & ~0x7fL) != 0) {
            out.write((int) (rest & 0x7f) | 0x80);
            rest >>>= 7;
        }
        out.write((int) rest);
    }
}

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
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The device configuration P4Studio's {@code bf_switchd --p4rt-server} parses: PI's Tofino back
 * end ({@code bf-drivers/src/pi/pi_imp.c}, {@code _pi_update_device_start}) reads, each as a
 * little-endian 32-bit length and that many bytes,
 * <ol>
 * <li>the program name (at most {@value #MAX_NAME_BYTES} bytes),</li>
 * <li>tofino.bin,</li>
 * <li>context.json,</li>
 * <li>the P4 pipeline name (at most {@value #MAX_NAME_BYTES} bytes; length 0: no pipeline name and
 *     no BF-RT info follow), then</li>
 * <li>bf-rt.json.</li>
 * </ol>
 * It reads the fourth length whether or not the buffer holds it: ONOS 2.7's own layout for
 * Tofino (name, binary, context, without a {@code RAW_DEVICE_CONFIG}) stops after the context, so
 * the agent reads past its end. This one always has all five parts.
 */
public final class BfSwitchdDeviceConfig {

    /** Longest program or pipeline name PI accepts ({@code _PI_UPDATE_MAX_NAME_SIZE}). */
    public static final int MAX_NAME_BYTES = 100;

    private BfSwitchdDeviceConfig() {
        // static encoder
    }

    /**
     * Encodes the device configuration.
     *
     * @param programName  program name
     * @param binary       tofino.bin
     * @param context      context.json
     * @param pipelineName P4 pipeline name
     * @param bfRuntime    bf-rt.json
     * @return the bytes
     * @throws IllegalArgumentException if a name is empty or longer than PI accepts
     */
    public static byte[] encode(String programName, byte[] binary, byte[] context, String pipelineName,
                                byte[] bfRuntime) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        chunk(out, name("program", programName));
        chunk(out, binary);
        chunk(out, context);
        chunk(out, name("pipeline", pipelineName));
        chunk(out, bfRuntime);
        return out.toByteArray();
    }

    private static byte[] name(String what, String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        checkArgument(bytes.length > 0 && bytes.length <= MAX_NAME_BYTES,
                      "the %s name must have 1..%s bytes (PI's limit), got %s", what, MAX_NAME_BYTES, bytes.length);
        return bytes;
    }

    private static void chunk(ByteArrayOutputStream out, byte[] bytes) {
        out.writeBytes(ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN).putInt(bytes.length).array());
        out.writeBytes(bytes);
    }
}

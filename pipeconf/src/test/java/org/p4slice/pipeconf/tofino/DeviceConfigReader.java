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

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the Tofino device configurations back as their agents do, for tests: Stratum's
 * {@code BfPipelineConfig} with protobuf's own wire-format reader and the field numbers of
 * {@code bf.proto}; P4Studio's PI layout as {@code _pi_update_device_start} walks it.
 */
public final class DeviceConfigReader {

    private DeviceConfigReader() {
        // static helpers
    }

    /**
     * Decodes a {@code BfPipelineConfig}: field number to its values, in order; field 3
     * ({@code profiles}) decoded into a map of its own, whose field 4 ({@code pipe_scope},
     * packed) is a list of pipes; every other value is the field's bytes.
     *
     * @param bytes serialized message
     * @return fields
     * @throws IOException if the bytes are not a valid message of that shape
     */
    public static Map<Integer, List<Object>> bfPipelineConfig(byte[] bytes) throws IOException {
        return decode(bytes, false);
    }

    private static Map<Integer, List<Object>> decode(byte[] bytes, boolean profile) throws IOException {
        Map<Integer, List<Object>> fields = new LinkedHashMap<>();
        CodedInputStream in = CodedInputStream.newInstance(bytes);
        while (!in.isAtEnd()) {
            int tag = in.readTag();
            int field = WireFormat.getTagFieldNumber(tag);
            if (WireFormat.getTagWireType(tag) != WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                throw new IOException("field " + field + " is not length-delimited");
            }
            byte[] value = in.readByteArray();
            Object decoded = value;
            if (!profile && field == 3) {
                decoded = decode(value, true);
            } else if (profile && field == 4) {
                List<Integer> pipes = new ArrayList<>();
                CodedInputStream packed = CodedInputStream.newInstance(value);
                while (!packed.isAtEnd()) {
                    pipes.add(packed.readUInt32());
                }
                decoded = pipes;
            }
            fields.computeIfAbsent(field, f -> new ArrayList<>()).add(decoded);
        }
        return fields;
    }

    /**
     * Splits PI's layout into its little-endian length-prefixed chunks.
     *
     * @param config the device configuration
     * @return the chunks, in order
     * @throws IllegalArgumentException if a length runs past the end
     */
    public static List<byte[]> piChunks(byte[] config) {
        ByteBuffer in = ByteBuffer.wrap(config).order(ByteOrder.LITTLE_ENDIAN);
        List<byte[]> chunks = new ArrayList<>();
        try {
            while (in.hasRemaining()) {
                byte[] chunk = new byte[in.getInt()];
                in.get(chunk);
                chunks.add(chunk);
            }
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("a length runs past the end of the configuration", e);
        }
        return chunks;
    }
}

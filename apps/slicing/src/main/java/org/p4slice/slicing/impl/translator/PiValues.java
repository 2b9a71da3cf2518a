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
package org.p4slice.slicing.impl.translator;

import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.PortNumber;

import static org.p4slice.pipeconf.P4SliceConstants.CPU_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.PORT_BITWIDTH;

/**
 * Encodes numbers as byte sequences of the width of a P4 field: ceil(bits / 8) bytes, big-endian,
 * the way ONOS's PI translators fit values to the pipeline model.
 */
final class PiValues {

    private PiValues() {
        // static helpers only
    }

    /**
     * Returns the value as a byte sequence fitted to the bit width.
     *
     * @param value    non-negative value
     * @param bitWidth width of the field in bits
     * @param what     what the value is, for the error message
     * @return byte sequence of ceil(bitWidth / 8) bytes
     * @throws IllegalArgumentException if the value is negative or wider than the field
     */
    static ImmutableByteSequence bits(long value, int bitWidth, String what) {
        if (value < 0) {
            throw new IllegalArgumentException(what + " must not be negative, got " + value);
        }
        try {
            return ImmutableByteSequence.copyFrom(value).fit(bitWidth);
        } catch (ImmutableByteSequence.ByteSequenceTrimException e) {
            throw new IllegalArgumentException(what + " " + value + " does not fit the pipeline's "
                                                       + bitWidth + "-bit field", e);
        }
    }

    /**
     * Returns a port number as a byte sequence of the pipeline's port width, after checking that
     * it is a physical data-plane port.
     *
     * @param cp the port with its device, for the error message
     * @return byte sequence
     * @throws IllegalArgumentException if the port is logical, the CPU port or too wide
     */
    static ImmutableByteSequence port(ConnectPoint cp) {
        PortNumber port = cp.port();
        if (port.isLogical()) {
            throw new IllegalArgumentException("port " + cp + " is a logical port, not a switch port");
        }
        if (port.toLong() == CPU_PORT) {
            throw new IllegalArgumentException("port " + cp + " is the CPU port and cannot be a slice port");
        }
        return bits(port.toLong(), PORT_BITWIDTH, "port number of " + cp + ":");
    }
}

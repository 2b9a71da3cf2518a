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

import java.util.Arrays;
import java.util.Optional;

/**
 * One copy of a captured frame as a switch delivers it (to the controller as a packet-in, or out of an
 * operator's capture port), decoded from p4slice's capture header: which capture, the switch port and
 * direction it was taken at, the frame's original length, the switch's timestamp where the target has one,
 * and the frame's first bytes as they were on that port.
 *
 * <p>The wire format is in docs/p4-contract.md; {@link #decode} is its only Java reader.</p>
 */
public final class CaptureCopy {

    /** Where at the port the frame was taken. */
    public enum Direction { INGRESS, EGRESS }

    private final int captureId;
    private final long port;
    private final Direction direction;
    private final int originalLength;
    private final long timestampNanos;
    private final byte[] frame;

    /**
     * Creates a decoded copy.
     *
     * @param captureId      the data-plane capture id
     * @param port           the switch port the frame was taken at
     * @param direction      in or out of that port
     * @param originalLength the frame's length on the wire, before truncation
     * @param timestampNanos the switch's timestamp in nanoseconds, or -1 where the target has none
     * @param frame          the frame's bytes as kept (at most the snaplen)
     */
    public CaptureCopy(int captureId, long port, Direction direction, int originalLength, long timestampNanos,
                       byte[] frame) {
        this.captureId = captureId;
        this.port = port;
        this.direction = direction;
        this.originalLength = originalLength;
        this.timestampNanos = timestampNanos;
        this.frame = frame.clone();
    }

    /**
     * Decodes a packet that may be a capture copy.
     *
     * @param packet the packet's bytes (a packet-in's payload, or a frame read at a capture port)
     * @return the copy, or empty if the packet is not a capture copy
     */
    public static Optional<CaptureCopy> decode(byte[] packet) {
        throw new UnsupportedOperationException("decoding is written with the capture header");
    }

    public int captureId() {
        return captureId;
    }

    public long port() {
        return port;
    }

    public Direction direction() {
        return direction;
    }

    public int originalLength() {
        return originalLength;
    }

    /**
     * The switch's timestamp.
     *
     * @return nanoseconds, or -1 where the target has no timestamp (the receiver then uses its own clock)
     */
    public long timestampNanos() {
        return timestampNanos;
    }

    public byte[] frame() {
        return frame.clone();
    }

    @Override
    public String toString() {
        return "CaptureCopy{capture=" + captureId + ", port=" + port + ", " + direction + ", len="
                + originalLength + ", kept=" + frame.length + ", ts=" + timestampNanos + "}";
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof CaptureCopy)) {
            return false;
        }
        CaptureCopy c = (CaptureCopy) o;
        return captureId == c.captureId && port == c.port && direction == c.direction
                && originalLength == c.originalLength && timestampNanos == c.timestampNanos
                && Arrays.equals(frame, c.frame);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(frame) + captureId;
    }
}

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
package org.p4slice.slicing.impl.capture;

import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.SliceId;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.MoreObjects.toStringHelper;
import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One capture as the data plane sees it: which slice's frames, at which of its access ports and in which
 * direction, how many bytes of each, one in how many, at most how many copies per second, and where the
 * copies go (the controller, or an operator's capture port).
 */
public final class CaptureProgram {

    /** Which frames of a port are copied. */
    public enum Direction { INGRESS, EGRESS, BOTH }

    /** The largest data-plane capture id (ids 1..MAX_DATA_PLANE_ID; the P4 program's capture arrays hold as many). */
    public static final int MAX_DATA_PLANE_ID = 63;

    private final int dataPlaneId;
    private final SliceId slice;
    private final Set<ConnectPoint> ports;
    private final Direction direction;
    private final int snaplen;
    private final int sampleOneIn;
    private final long maxPps;
    private final ConnectPoint destinationPort;

    /**
     * Creates a capture program.
     *
     * @param dataPlaneId     the capture's id in the switches (1..{@link #MAX_DATA_PLANE_ID}), carried by each copy
     * @param slice           the slice whose frames are copied
     * @param ports           the slice's access ports to copy at (not empty)
     * @param direction       which frames of those ports
     * @param snaplen         bytes kept of each frame (the copy is truncated to it)
     * @param sampleOneIn     one frame in this many is copied (1 = every frame)
     * @param maxPps          the most copies per second the capture may make, whatever the slice sends
     * @param destinationPort the operator's capture port the copies leave by, or null for the controller
     */
    public CaptureProgram(int dataPlaneId, SliceId slice, Set<ConnectPoint> ports, Direction direction,
                          int snaplen, int sampleOneIn, long maxPps, ConnectPoint destinationPort) {
        checkArgument(dataPlaneId >= 1 && dataPlaneId <= MAX_DATA_PLANE_ID, "data-plane id out of range");
        checkArgument(!ports.isEmpty(), "a capture needs at least one port");
        checkArgument(snaplen > 0 && sampleOneIn >= 1 && maxPps >= 1,
                      "snaplen, sampleOneIn and maxPps must be positive");
        this.dataPlaneId = dataPlaneId;
        this.slice = checkNotNull(slice);
        this.ports = ImmutableSet.copyOf(ports);
        this.direction = checkNotNull(direction);
        this.snaplen = snaplen;
        this.sampleOneIn = sampleOneIn;
        this.maxPps = maxPps;
        this.destinationPort = destinationPort;
    }

    public int dataPlaneId() {
        return dataPlaneId;
    }

    public SliceId slice() {
        return slice;
    }

    public Set<ConnectPoint> ports() {
        return ports;
    }

    public Direction direction() {
        return direction;
    }

    public int snaplen() {
        return snaplen;
    }

    public int sampleOneIn() {
        return sampleOneIn;
    }

    public long maxPps() {
        return maxPps;
    }

    /**
     * Where the copies leave the switches.
     *
     * @return the capture port, or empty for the controller
     */
    public Optional<ConnectPoint> destinationPort() {
        return Optional.ofNullable(destinationPort);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof CaptureProgram)) {
            return false;
        }
        CaptureProgram that = (CaptureProgram) o;
        return dataPlaneId == that.dataPlaneId && snaplen == that.snaplen && sampleOneIn == that.sampleOneIn
                && maxPps == that.maxPps && slice.equals(that.slice) && ports.equals(that.ports)
                && direction == that.direction && Objects.equals(destinationPort, that.destinationPort);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dataPlaneId, slice, ports, direction, snaplen, sampleOneIn, maxPps, destinationPort);
    }

    @Override
    public String toString() {
        return toStringHelper(this).add("id", dataPlaneId).add("slice", slice).add("ports", ports)
                .add("direction", direction).add("snaplen", snaplen).add("sampleOneIn", sampleOneIn)
                .add("maxPps", maxPps).add("destination", destinationPort == null ? "controller" : destinationPort)
                .toString();
    }
}

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
package org.p4slice.fairness.api;

import com.google.common.base.MoreObjects;
import org.onosproject.net.DeviceId;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One slice's per-slice counters on one device (immutable): the values last read (cumulative, as
 * the device reports them) and the rates over the sliding window, in bits per second.
 */
public final class DeviceCounters {

    private final DeviceId deviceId;
    private final long rxPackets;
    private final long rxBytes;
    private final long dropPackets;
    private final long dropBytes;
    private final long txPackets;
    private final long txBytes;
    private final long rxBps;
    private final long dropBps;
    private final long txBps;

    private DeviceCounters(Builder b) {
        this.deviceId = checkNotNull(b.deviceId, "device id must not be null");
        this.rxPackets = b.rxPackets;
        this.rxBytes = b.rxBytes;
        this.dropPackets = b.dropPackets;
        this.dropBytes = b.dropBytes;
        this.txPackets = b.txPackets;
        this.txBytes = b.txBytes;
        this.rxBps = b.rxBps;
        this.dropBps = b.dropBps;
        this.txBps = b.txBps;
    }

    /**
     * Returns a new builder for a device.
     *
     * @param deviceId device
     * @return builder (every value zero)
     */
    public static Builder builder(DeviceId deviceId) {
        return new Builder(deviceId);
    }

    /**
     * Returns the device.
     *
     * @return device id
     */
    public DeviceId deviceId() {
        return deviceId;
    }

    /**
     * Returns the packets classified into the slice (before the meter).
     *
     * @return packets
     */
    public long rxPackets() {
        return rxPackets;
    }

    /**
     * Returns the bytes classified into the slice (before the meter).
     *
     * @return bytes
     */
    public long rxBytes() {
        return rxBytes;
    }

    /**
     * Returns the packets dropped by the slice's meter.
     *
     * @return packets
     */
    public long dropPackets() {
        return dropPackets;
    }

    /**
     * Returns the bytes dropped by the slice's meter.
     *
     * @return bytes
     */
    public long dropBytes() {
        return dropBytes;
    }

    /**
     * Returns the packets sent for the slice (every copy).
     *
     * @return packets
     */
    public long txPackets() {
        return txPackets;
    }

    /**
     * Returns the bytes sent for the slice (every copy).
     *
     * @return bytes
     */
    public long txBytes() {
        return txBytes;
    }

    /**
     * Returns the receive (offered) rate over the window.
     *
     * @return bits per second
     */
    public long rxBps() {
        return rxBps;
    }

    /**
     * Returns the meter's drop rate over the window.
     *
     * @return bits per second
     */
    public long dropBps() {
        return dropBps;
    }

    /**
     * Returns the send rate over the window.
     *
     * @return bits per second
     */
    public long txBps() {
        return txBps;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DeviceCounters)) {
            return false;
        }
        DeviceCounters that = (DeviceCounters) o;
        return rxPackets == that.rxPackets && rxBytes == that.rxBytes && dropPackets == that.dropPackets
                && dropBytes == that.dropBytes && txPackets == that.txPackets && txBytes == that.txBytes
                && rxBps == that.rxBps && dropBps == that.dropBps && txBps == that.txBps
                && deviceId.equals(that.deviceId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, rxPackets, rxBytes, dropPackets, dropBytes, txPackets, txBytes,
                            rxBps, dropBps, txBps);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("device", deviceId)
                .add("rxPackets", rxPackets).add("rxBytes", rxBytes)
                .add("dropPackets", dropPackets).add("dropBytes", dropBytes)
                .add("txPackets", txPackets).add("txBytes", txBytes)
                .add("rxBps", rxBps).add("dropBps", dropBps).add("txBps", txBps)
                .toString();
    }

    /**
     * Builder of device counters.
     */
    public static final class Builder {
        private final DeviceId deviceId;
        private long rxPackets;
        private long rxBytes;
        private long dropPackets;
        private long dropBytes;
        private long txPackets;
        private long txBytes;
        private long rxBps;
        private long dropBps;
        private long txBps;

        private Builder(DeviceId deviceId) {
            this.deviceId = deviceId;
        }

        /**
         * Sets the received counts.
         *
         * @param packets packets
         * @param bytes   bytes
         * @return this builder
         */
        public Builder rx(long packets, long bytes) {
            rxPackets = packets;
            rxBytes = bytes;
            return this;
        }

        /**
         * Sets the meter-dropped counts.
         *
         * @param packets packets
         * @param bytes   bytes
         * @return this builder
         */
        public Builder drop(long packets, long bytes) {
            dropPackets = packets;
            dropBytes = bytes;
            return this;
        }

        /**
         * Sets the sent counts.
         *
         * @param packets packets
         * @param bytes   bytes
         * @return this builder
         */
        public Builder tx(long packets, long bytes) {
            txPackets = packets;
            txBytes = bytes;
            return this;
        }

        /**
         * Sets the rates over the window.
         *
         * @param rx   receive rate, bits per second
         * @param drop drop rate, bits per second
         * @param tx   send rate, bits per second
         * @return this builder
         */
        public Builder rates(long rx, long drop, long tx) {
            rxBps = rx;
            dropBps = drop;
            txBps = tx;
            return this;
        }

        /**
         * Builds the counters.
         *
         * @return counters
         */
        public DeviceCounters build() {
            return new DeviceCounters(this);
        }
    }
}

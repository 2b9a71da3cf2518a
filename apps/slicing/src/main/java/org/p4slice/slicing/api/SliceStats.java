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
package org.p4slice.slicing.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;

/**
 * Traffic statistics of a slice (immutable), from the pipeline's per-slice counters: bytes and
 * packets received (classified into the slice), sent, and dropped by the meter, and the current
 * receive and send rates in bits per second.
 */
public final class SliceStats {

    /** Statistics with every value zero. */
    public static final SliceStats ZERO = builder().build();

    private final long rxBytes;
    private final long rxPackets;
    private final long txBytes;
    private final long txPackets;
    private final long dropBytes;
    private final long dropPackets;
    private final long rxBps;
    private final long txBps;

    private SliceStats(Builder b) {
        this.rxBytes = b.rxBytes;
        this.rxPackets = b.rxPackets;
        this.txBytes = b.txBytes;
        this.txPackets = b.txPackets;
        this.dropBytes = b.dropBytes;
        this.dropPackets = b.dropPackets;
        this.rxBps = b.rxBps;
        this.txBps = b.txBps;
    }

    /**
     * Returns a new builder (every value zero).
     *
     * @return builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the bytes classified into the slice.
     *
     * @return bytes
     */
    public long rxBytes() {
        return rxBytes;
    }

    /**
     * Returns the packets classified into the slice.
     *
     * @return packets
     */
    public long rxPackets() {
        return rxPackets;
    }

    /**
     * Returns the bytes sent for the slice.
     *
     * @return bytes
     */
    public long txBytes() {
        return txBytes;
    }

    /**
     * Returns the packets sent for the slice.
     *
     * @return packets
     */
    public long txPackets() {
        return txPackets;
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
     * Returns the packets dropped by the slice's meter.
     *
     * @return packets
     */
    public long dropPackets() {
        return dropPackets;
    }

    /**
     * Returns the receive rate in bits per second.
     *
     * @return rate
     */
    public long rxBps() {
        return rxBps;
    }

    /**
     * Returns the send rate in bits per second.
     *
     * @return rate
     */
    public long txBps() {
        return txBps;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SliceStats)) {
            return false;
        }
        SliceStats s = (SliceStats) o;
        return rxBytes == s.rxBytes && rxPackets == s.rxPackets && txBytes == s.txBytes
                && txPackets == s.txPackets && dropBytes == s.dropBytes && dropPackets == s.dropPackets
                && rxBps == s.rxBps && txBps == s.txBps;
    }

    @Override
    public int hashCode() {
        return Objects.hash(rxBytes, rxPackets, txBytes, txPackets, dropBytes, dropPackets, rxBps, txBps);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("rxBytes", rxBytes).add("rxPackets", rxPackets)
                .add("txBytes", txBytes).add("txPackets", txPackets)
                .add("dropBytes", dropBytes).add("dropPackets", dropPackets)
                .add("rxBps", rxBps).add("txBps", txBps)
                .toString();
    }

    /**
     * Builder of slice statistics.
     */
    public static final class Builder {
        private long rxBytes;
        private long rxPackets;
        private long txBytes;
        private long txPackets;
        private long dropBytes;
        private long dropPackets;
        private long rxBps;
        private long txBps;

        private Builder() {
        }

        /**
         * Sets received bytes.
         *
         * @param v value
         * @return this builder
         */
        public Builder rxBytes(long v) {
            rxBytes = v;
            return this;
        }

        /**
         * Sets received packets.
         *
         * @param v value
         * @return this builder
         */
        public Builder rxPackets(long v) {
            rxPackets = v;
            return this;
        }

        /**
         * Sets sent bytes.
         *
         * @param v value
         * @return this builder
         */
        public Builder txBytes(long v) {
            txBytes = v;
            return this;
        }

        /**
         * Sets sent packets.
         *
         * @param v value
         * @return this builder
         */
        public Builder txPackets(long v) {
            txPackets = v;
            return this;
        }

        /**
         * Sets dropped bytes.
         *
         * @param v value
         * @return this builder
         */
        public Builder dropBytes(long v) {
            dropBytes = v;
            return this;
        }

        /**
         * Sets dropped packets.
         *
         * @param v value
         * @return this builder
         */
        public Builder dropPackets(long v) {
            dropPackets = v;
            return this;
        }

        /**
         * Sets the receive rate.
         *
         * @param v bits per second
         * @return this builder
         */
        public Builder rxBps(long v) {
            rxBps = v;
            return this;
        }

        /**
         * Sets the send rate.
         *
         * @param v bits per second
         * @return this builder
         */
        public Builder txBps(long v) {
            txBps = v;
            return this;
        }

        /**
         * Builds the statistics.
         *
         * @return statistics
         */
        public SliceStats build() {
            return new SliceStats(this);
        }
    }
}

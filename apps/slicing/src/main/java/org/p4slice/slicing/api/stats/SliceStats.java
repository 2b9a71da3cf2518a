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
package org.p4slice.slicing.api.stats;

import com.google.common.base.MoreObjects;

import java.util.Arrays;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Traffic statistics of a slice (immutable), derived from the pipeline's per-slice counters: the
 * counts as last read (packets and bytes received, i.e. classified into the slice before its
 * meter; dropped by the meter; sent) and the rates over the sliding window, in whole bits per
 * second. The one type of derived statistics: of a slice on one device, or of a slice summed over
 * its devices ({@link #sum(Iterable)}).
 * A rate is {@code 8 * (bytes now - bytes N polls earlier) / (time between them)} over the
 * {@link #intervals()} the window covers (fewer than N after a new slice, a reset or an unreadable
 * device; 0: no rate yet).
 */
public final class SliceStats {

    private static final double NANOS_PER_SECOND = 1e9;
    private static final double BITS_PER_BYTE = 8.0;

    /** Statistics with every value zero (a slice whose counters were not read yet). */
    public static final SliceStats ZERO = builder().build();

    private final long rxPackets;
    private final long rxBytes;
    private final long dropPackets;
    private final long dropBytes;
    private final long txPackets;
    private final long txBytes;
    private final long rxBps;
    private final long dropBps;
    private final long txBps;
    private final long lastRxBps;
    private final int intervals;

    private SliceStats(Builder b) {
        checkArgument(b.intervals >= 0, "intervals must be >= 0, got %s", b.intervals);
        this.rxPackets = b.rxPackets;
        this.rxBytes = b.rxBytes;
        this.dropPackets = b.dropPackets;
        this.dropBytes = b.dropBytes;
        this.txPackets = b.txPackets;
        this.txBytes = b.txBytes;
        this.rxBps = b.rxBps;
        this.dropBps = b.dropBps;
        this.txBps = b.txBps;
        this.lastRxBps = b.lastRxBps;
        this.intervals = b.intervals;
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
     * Returns a slice's statistics over several devices: counts and rates summed, the longest window.
     *
     * @param perDevice statistics of the slice on each device
     * @return the sums, {@link #ZERO} for none
     */
    public static SliceStats sum(Iterable<SliceStats> perDevice) {
        Builder b = builder();
        for (SliceStats s : perDevice) {
            b.rxPackets += s.rxPackets;
            b.rxBytes += s.rxBytes;
            b.dropPackets += s.dropPackets;
            b.dropBytes += s.dropBytes;
            b.txPackets += s.txPackets;
            b.txBytes += s.txBytes;
            b.rxBps += s.rxBps;
            b.dropBps += s.dropBps;
            b.txBps += s.txBps;
            b.lastRxBps += s.lastRxBps;
            b.intervals = Math.max(b.intervals, s.intervals);
        }
        return b.build();
    }

    /**
     * Returns the rate of a byte count over a time span: {@code 8 * bytes / seconds}.
     *
     * @param deltaBytes bytes counted, &gt;= 0
     * @param deltaNanos time span, nanoseconds, &gt; 0
     * @return bits per second
     * @throws IllegalArgumentException if the span is not positive or the count is negative
     */
    public static double rateBps(double deltaBytes, long deltaNanos) {
        checkArgument(deltaNanos > 0, "time span must be > 0 ns, got %s", deltaNanos);
        checkArgument(deltaBytes >= 0, "byte count must be >= 0, got %s", deltaBytes);
        return deltaBytes * BITS_PER_BYTE * NANOS_PER_SECOND / deltaNanos;
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

    /**
     * Returns the receive rate over the last polling interval only.
     *
     * @return bits per second
     */
    public long lastRxBps() {
        return lastRxBps;
    }

    /**
     * Returns the number of polling intervals the window covers now.
     *
     * @return 0 (no rate yet) to N
     */
    public int intervals() {
        return intervals;
    }

    // every value, in a fixed order, for equality
    private long[] values() {
        return new long[]{rxPackets, rxBytes, dropPackets, dropBytes, txPackets, txBytes, rxBps, dropBps, txBps,
                lastRxBps, intervals};
    }

    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof SliceStats && Arrays.equals(values(), ((SliceStats) o).values()));
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values());
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("rxPackets", rxPackets).add("rxBytes", rxBytes).add("dropPackets", dropPackets)
                .add("dropBytes", dropBytes).add("txPackets", txPackets).add("txBytes", txBytes)
                .add("rxBps", rxBps).add("dropBps", dropBps).add("txBps", txBps)
                .add("lastRxBps", lastRxBps).add("intervals", intervals)
                .toString();
    }

    /**
     * Builder of slice statistics.
     */
    public static final class Builder {
        private long rxPackets;
        private long rxBytes;
        private long dropPackets;
        private long dropBytes;
        private long txPackets;
        private long txBytes;
        private long rxBps;
        private long dropBps;
        private long txBps;
        private long lastRxBps;
        private int intervals;

        private Builder() {
        }

        /**
         * Sets the counts as last read, none negative.
         *
         * @param rxPackets   packets classified into the slice, before the meter
         * @param rxBytes     bytes classified into the slice, before the meter
         * @param dropPackets packets of the slice dropped by its meter
         * @param dropBytes   bytes of the slice dropped by its meter
         * @param txPackets   packets that left the switch for the slice
         * @param txBytes     bytes that left the switch for the slice
         * @return this builder
         * @throws IllegalArgumentException if a count is negative
         */
        public Builder counts(long rxPackets, long rxBytes, long dropPackets, long dropBytes,
                              long txPackets, long txBytes) {
            this.rxPackets = count("rxPackets", rxPackets);
            this.rxBytes = count("rxBytes", rxBytes);
            this.dropPackets = count("dropPackets", dropPackets);
            this.dropBytes = count("dropBytes", dropBytes);
            this.txPackets = count("txPackets", txPackets);
            this.txBytes = count("txBytes", txBytes);
            return this;
        }

        private static long count(String name, long value) {
            checkArgument(value >= 0, "%s must not be negative, got %s", name, value);
            return value;
        }

        /**
         * Sets the rates over the window.
         *
         * @param rx   receive rate, bits per second
         * @param drop meter drop rate, bits per second
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
         * Sets the window: the receive rate over the last interval and the intervals covered.
         *
         * @param lastRx          receive rate over the last interval, bits per second
         * @param windowIntervals polling intervals the window covers, &gt;= 0
         * @return this builder
         */
        public Builder window(long lastRx, int windowIntervals) {
            lastRxBps = lastRx;
            intervals = windowIntervals;
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

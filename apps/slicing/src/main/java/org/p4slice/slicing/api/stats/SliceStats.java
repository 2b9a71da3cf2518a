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

    // every count and rate, as the builder checked them
    SliceStats(long rxPackets, long rxBytes, long dropPackets, long dropBytes, long txPackets, long txBytes,
               long rxBps, long dropBps, long txBps, long lastRxBps, int intervals) {
        checkArgument(intervals >= 0, "intervals must be >= 0, got %s", intervals);
        this.rxPackets = rxPackets;
        this.rxBytes = rxBytes;
        this.dropPackets = dropPackets;
        this.dropBytes = dropBytes;
        this.txPackets = txPackets;
        this.txBytes = txBytes;
        this.rxBps = rxBps;
        this.dropBps = dropBps;
        this.txBps = txBps;
        this.lastRxBps = lastRxBps;
        this.intervals = intervals;
    }

    /**
     * Returns a new builder (every value zero).
     *
     * @return builder
     */
    public static SliceStatsBuilder builder() {
        return new SliceStatsBuilder();
    }

    /**
     * Returns a slice's statistics over several devices: counts and rates summed, the longest window.
     *
     * @param perDevice statistics of the slice on each device
     * @return the sums, {@link #ZERO} for none
     */
    public static SliceStats sum(Iterable<SliceStats> perDevice) {
        SliceStats total = ZERO;
        for (SliceStats s : perDevice) {
            total = total.plus(s);
        }
        return total;
    }

    // this and another summed, the longer window
    private SliceStats plus(SliceStats o) {
        return new SliceStats(rxPackets + o.rxPackets, rxBytes + o.rxBytes, dropPackets + o.dropPackets,
                              dropBytes + o.dropBytes, txPackets + o.txPackets, txBytes + o.txBytes,
                              rxBps + o.rxBps, dropBps + o.dropBps, txBps + o.txBps, lastRxBps + o.lastRxBps,
                              Math.max(intervals, o.intervals));
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
}

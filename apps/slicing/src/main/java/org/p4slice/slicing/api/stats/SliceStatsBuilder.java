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

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Builder of {@link SliceStats}: the counts as last read (none negative), the rates over the window
 * and the window's size; every value not set is zero.
 */
public final class SliceStatsBuilder {
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

    SliceStatsBuilder() {
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
    public SliceStatsBuilder counts(long rxPackets, long rxBytes, long dropPackets, long dropBytes,
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
    public SliceStatsBuilder rates(long rx, long drop, long tx) {
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
    public SliceStatsBuilder window(long lastRx, int windowIntervals) {
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
        return new SliceStats(rxPackets, rxBytes, dropPackets, dropBytes, txPackets, txBytes, rxBps, dropBps, txBps,
                              lastRxBps, intervals);
    }
}

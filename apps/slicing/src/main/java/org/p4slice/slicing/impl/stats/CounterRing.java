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
package org.p4slice.slicing.impl.stats;

import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.slicing.api.stats.SliceStats;

import static org.p4slice.slicing.impl.stats.CounterRings.RESET;

/**
 * One slice on one device: the counts last read and a ring of the last {@code N + 1} samples of the
 * byte counters made monotonic (by {@link CounterRings}'s wrap and reset arithmetic), from which
 * the rates over the window and over the last interval are computed, never negative. Not
 * thread-safe.
 */
final class CounterRing {
    private SliceCounterValues last;
    private long cumRx;
    private long cumDrop;
    private long cumTx;
    private final long[] times;
    private final long[] rx;
    private final long[] drop;
    private final long[] tx;
    private int newest = -1;
    private int size;

    CounterRing(int capacity) {
        times = new long[capacity];
        rx = new long[capacity];
        drop = new long[capacity];
        tx = new long[capacity];
    }

    /**
     * Takes a reading.
     *
     * @param tracker the tracker (its counter arithmetic)
     * @param nanos   monotonic time of the reading
     * @param v       counts read
     * @return true if the cell was found reset
     */
    boolean update(CounterRings tracker, long nanos, SliceCounterValues v) {
        boolean reset = false;
        if (last != null) {
            if (size > 0 && nanos <= times[newest]) {
                return false; // not later than the previous sample: nothing to learn
            }
            long dRx = tracker.delta(last.rxBytes(), v.rxBytes());
            long dDrop = tracker.delta(last.dropBytes(), v.dropBytes());
            long dTx = tracker.delta(last.txBytes(), v.txBytes());
            reset = dRx == RESET || dDrop == RESET || dTx == RESET
                    || tracker.delta(last.rxPackets(), v.rxPackets()) == RESET
                    || tracker.delta(last.dropPackets(), v.dropPackets()) == RESET
                    || tracker.delta(last.txPackets(), v.txPackets()) == RESET;
            if (reset) {
                size = 0;
            } else {
                cumRx += dRx;
                cumDrop += dDrop;
                cumTx += dTx;
            }
        }
        last = v;
        push(nanos);
        return reset;
    }

    private void push(long nanos) {
        newest = (newest + 1) % times.length;
        times[newest] = nanos;
        rx[newest] = cumRx;
        drop[newest] = cumDrop;
        tx[newest] = cumTx;
        size = Math.min(size + 1, times.length);
    }

    private int oldest() {
        return Math.floorMod(newest - size + 1, times.length);
    }

    private int previous() {
        return Math.floorMod(newest - 1, times.length);
    }

    /**
     * Tells whether a rate is known (at least two samples since the baseline).
     *
     * @return true if rates can be computed
     */
    boolean hasRate() {
        return size >= 2;
    }

    /**
     * Returns the number of polling intervals the window covers now.
     *
     * @return 0 to N
     */
    int intervals() {
        return Math.max(0, size - 1);
    }

    /**
     * Returns the time the window spans.
     *
     * @return nanoseconds, 0 if no rate is known
     */
    long windowNanos() {
        return hasRate() ? times[newest] - times[oldest()] : 0;
    }

    /**
     * Returns the receive rate over the window.
     *
     * @return bits per second, 0 if unknown
     */
    double rxBps() {
        return windowRate(rx);
    }

    /**
     * Returns the meter-drop rate over the window.
     *
     * @return bits per second, 0 if unknown
     */
    double dropBps() {
        return windowRate(drop);
    }

    /**
     * Returns the send rate over the window.
     *
     * @return bits per second, 0 if unknown
     */
    double txBps() {
        return windowRate(tx);
    }

    /**
     * Returns the receive rate over the last interval only.
     *
     * @return bits per second, 0 if unknown
     */
    double lastRxBps() {
        if (!hasRate()) {
            return 0;
        }
        int p = previous();
        return SliceStats.rateBps(rx[newest] - rx[p], times[newest] - times[p]);
    }

    private double windowRate(long[] cum) {
        if (!hasRate()) {
            return 0;
        }
        int o = oldest();
        return SliceStats.rateBps(cum[newest] - cum[o], times[newest] - times[o]);
    }

    /**
     * Returns the counts as last read.
     *
     * @return counts
     */
    SliceCounterValues counters() {
        return last;
    }

    /**
     * Returns the statistics of the track: the counts as last read, the rates over the window
     * and the last interval rounded to whole bits per second, and the intervals covered.
     *
     * @return statistics
     */
    SliceStats stats() {
        return SliceStats.builder()
                .counts(last.rxPackets(), last.rxBytes(), last.dropPackets(), last.dropBytes(), last.txPackets(),
                        last.txBytes())
                .rates(Math.round(rxBps()), Math.round(dropBps()), Math.round(txBps()))
                .window(Math.round(lastRxBps()), intervals())
                .build();
    }
}

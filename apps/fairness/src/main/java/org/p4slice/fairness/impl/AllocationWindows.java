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
package org.p4slice.fairness.impl;


import java.util.HashMap;
import java.util.Map;
import org.p4slice.slicing.api.SliceId;

/**
 * What each slice was entitled to, poll by poll: the meter rate in effect per slice (0 = as the
 * slicing app programmed it, i.e. its quota) and a ring of the rates in effect during the last N
 * polling intervals, whose mean is the allocation a slice's share is measured against (so that a
 * rate change in enforce mode does not read as unfairness while the window still holds the
 * intervals before it). Not thread-safe: used by one cycle at a time.
 */
final class AllocationWindows {

    private static final int IDS = SliceId.ARRAY_SIZE;

    private final long[] inEffect = new long[IDS];
    private final double[][] ring = new double[IDS][];
    private final int[] count = new int[IDS];
    private final int[] next = new int[IDS];
    private int window;

    /**
     * Creates the windows.
     *
     * @param window N, polling intervals in a window (&gt;= 1)
     */
    AllocationWindows(int window) {
        this.window = window;
    }

    /**
     * Returns N.
     *
     * @return polling intervals in a window
     */
    int window() {
        return window;
    }

    /**
     * Changes N: the rings restart (the rates in effect are kept, the meters keep running at them).
     *
     * @param n new window, &gt;= 1
     */
    void resize(int n) {
        if (n == window) {
            return;
        }
        window = n;
        for (int id = 0; id < IDS; id++) {
            ring[id] = null;
            count[id] = 0;
            next[id] = 0;
        }
    }

    /**
     * Returns the rate a slice's meter runs at.
     *
     * @param id    slice id
     * @param quota the slice's quota
     * @return the rate set by the app, or the quota
     */
    long current(int id, long quota) {
        return inEffect[id] > 0 ? inEffect[id] : quota;
    }

    /**
     * Records the rate in effect during the interval that ends at this poll.
     *
     * @param id   slice id
     * @param rate bits per second
     */
    void push(int id, long rate) {
        if (ring[id] == null) {
            ring[id] = new double[window];
        }
        ring[id][next[id]] = rate;
        next[id] = (next[id] + 1) % window;
        count[id] = Math.min(count[id] + 1, window);
    }

    /**
     * Returns the mean of the rates in effect over the last intervals.
     *
     * @param id        slice id
     * @param intervals intervals the slice's window covers (&gt;= 1)
     * @return bits per second
     */
    double mean(int id, int intervals) {
        int k = Math.min(intervals, count[id]);
        double sum = 0;
        for (int j = 1; j <= k; j++) {
            sum += ring[id][Math.floorMod(next[id] - j, window)];
        }
        return sum / k;
    }

    /**
     * Records that a slice's meter now runs at a rate.
     *
     * @param id      slice id
     * @param rateBps rate, or 0 for "as the slicing app programmed it" (its quota)
     */
    void setInEffect(int id, long rateBps) {
        inEffect[id] = Math.max(0, rateBps);
    }

    /**
     * Returns the slices whose meter runs at a rate other than as programmed, with that rate.
     *
     * @return slice id to bits per second
     */
    Map<Integer, Long> ratesInEffect() {
        Map<Integer, Long> rates = new HashMap<>();
        for (int id = 0; id < IDS; id++) {
            if (inEffect[id] > 0) {
                rates.put(id, inEffect[id]);
            }
        }
        return rates;
    }

    /**
     * Forgets a slice's rate and ring.
     *
     * @param id slice id
     */
    void forget(int id) {
        inEffect[id] = 0;
        count[id] = 0;
        next[id] = 0;
    }
}

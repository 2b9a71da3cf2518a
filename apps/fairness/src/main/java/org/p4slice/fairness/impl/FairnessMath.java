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

import org.p4slice.slicing.api.stats.SliceStats;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The fairness arithmetic, pure (no state, no ONOS service): rates, shares, backlog, coefficient of
 * variation, Jain's index, maximum deviation and utilisation.
 * <p>
 * Definitions:
 * <ul>
 * <li><b>rate</b> over a window: {@code 8 * (bytes at the newest sample - bytes at the oldest
 * sample) / (seconds between them)}, in bits per second. The window of a slice on a device is its
 * last {@code N + 1} samples (N intervals), fewer right after it was first seen or its counters
 * were reset.</li>
 * <li><b>share</b> = delivered rate / allocation.</li>
 * <li><b>backlogged</b>: offered rate (received, before the meter) &gt;= allocation.</li>
 * <li><b>CV</b> = population standard deviation / mean of the backlogged slices' shares. Population
 * (divide by n, not n - 1) because the backlogged slices are the whole set being judged, not a
 * sample of a larger one, and because then {@code jain = 1 / (1 + cv^2)} holds exactly. 0 if there
 * are no backlogged slices or the mean is 0.</li>
 * <li><b>Jain's index</b> = (sum x)^2 / (n * sum x^2) over the same shares; 1 if there are none or
 * all are 0.</li>
 * <li><b>maximum deviation</b> = max |share - 1| over the same shares; 0 if there are none.</li>
 * <li><b>utilisation</b> = rate / capacity.</li>
 * </ul>
 */
public final class FairnessMath {

    private FairnessMath() {
    }

    /**
     * Returns the rate of a byte count over a time span.
     *
     * @param deltaBytes bytes counted in the span (&gt;= 0)
     * @param deltaNanos span in nanoseconds (&gt; 0)
     * @return bits per second
     * @throws IllegalArgumentException if the span is not positive or the count negative
     */
    public static double rateBps(double deltaBytes, long deltaNanos) {
        return SliceStats.rateBps(deltaBytes, deltaNanos);
    }

    /**
     * Returns a slice's share of its allocation.
     *
     * @param rateBps       delivered rate
     * @param allocationBps allocation (&gt; 0)
     * @return rate / allocation
     * @throws IllegalArgumentException if the allocation is not positive
     */
    public static double share(double rateBps, double allocationBps) {
        checkArgument(allocationBps > 0, "allocation must be > 0, got %s", allocationBps);
        return rateBps / allocationBps;
    }

    /**
     * Tells whether a slice is backlogged: it offered at least its allocation.
     *
     * @param offeredBps    offered rate (received, before the meter)
     * @param allocationBps allocation
     * @return true if offered &gt;= allocation
     */
    public static boolean isBacklogged(double offeredBps, double allocationBps) {
        return offeredBps >= allocationBps;
    }

    /**
     * Returns |share - 1|.
     *
     * @param share share
     * @return deviation from the allocation
     */
    public static double deviation(double share) {
        return Math.abs(share - 1.0);
    }

    /**
     * Returns the mean of the first n values.
     *
     * @param xs values
     * @param n  how many of them count
     * @return mean, 0 if n is 0
     */
    public static double mean(double[] xs, int n) {
        checkCount(xs, n);
        if (n == 0) {
            return 0;
        }
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += xs[i];
        }
        return sum / n;
    }

    /**
     * Returns the population coefficient of variation (sigma / mu) of the first n values.
     *
     * @param xs values (&gt;= 0)
     * @param n  how many of them count
     * @return CV, 0 if n is 0 or the mean is 0
     */
    public static double cv(double[] xs, int n) {
        double mu = mean(xs, n);
        if (n == 0 || mu == 0) {
            return 0;
        }
        double ss = 0;
        for (int i = 0; i < n; i++) {
            double d = xs[i] - mu;
            ss += d * d;
        }
        return Math.sqrt(ss / n) / mu;
    }

    /**
     * Returns Jain's fairness index, (sum x)^2 / (n * sum x^2), of the first n values.
     *
     * @param xs values (&gt;= 0)
     * @param n  how many of them count
     * @return index in [1/n, 1]; 1 if n is 0 or every value is 0
     */
    public static double jain(double[] xs, int n) {
        checkCount(xs, n);
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < n; i++) {
            sum += xs[i];
            sumSq += xs[i] * xs[i];
        }
        if (n == 0 || sumSq == 0) {
            return 1;
        }
        return Math.min(1.0, sum * sum / (n * sumSq));
    }

    /**
     * Returns the maximum |x - 1| of the first n values.
     *
     * @param shares shares
     * @param n      how many of them count
     * @return maximum deviation, 0 if n is 0
     */
    public static double maxDeviation(double[] shares, int n) {
        checkCount(shares, n);
        double max = 0;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, deviation(shares[i]));
        }
        return max;
    }

    /**
     * Returns the utilisation of a port or link.
     *
     * @param rateBps     rate through it
     * @param capacityBps its capacity
     * @return rate / capacity, 0 if the capacity is not positive (unknown)
     */
    public static double utilisation(double rateBps, long capacityBps) {
        return capacityBps > 0 ? rateBps / capacityBps : 0;
    }

    private static void checkCount(double[] xs, int n) {
        checkArgument(n >= 0 && n <= xs.length, "count must be in [0, %s], got %s", xs.length, n);
    }
}

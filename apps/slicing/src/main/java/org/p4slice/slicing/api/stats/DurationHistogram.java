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

import java.util.Arrays;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A histogram of durations as Prometheus keeps one: the count of observations at most each upper
 * bound (cumulative, the bounds ascending; the last bucket, +Inf, is {@link #count()}), their sum
 * and their count.
 */
public final class DurationHistogram {

    private final double[] bounds;
    private final long[] cumulative;
    private final double sumSeconds;
    private final long count;

    /**
     * Creates a histogram.
     *
     * @param bounds     upper bounds in seconds, ascending, finite
     * @param cumulative observations at most each bound, as many as bounds, non-decreasing, at most count
     * @param sumSeconds sum of the observations
     * @param count      number of observations
     */
    public DurationHistogram(double[] bounds, long[] cumulative, double sumSeconds, long count) {
        checkNotNull(bounds, "bounds must not be null");
        checkNotNull(cumulative, "cumulative must not be null");
        checkArgument(bounds.length == cumulative.length, "%s bounds but %s counts", bounds.length,
                      cumulative.length);
        for (int i = 0; i < bounds.length; i++) {
            checkArgument(Double.isFinite(bounds[i]) && (i == 0 || bounds[i] > bounds[i - 1]),
                          "bounds must be finite and ascending: %s", Arrays.toString(bounds));
            checkArgument(cumulative[i] >= (i == 0 ? 0 : cumulative[i - 1]) && cumulative[i] <= count,
                          "counts must be cumulative and at most %s: %s", count, Arrays.toString(cumulative));
        }
        this.bounds = bounds.clone();
        this.cumulative = cumulative.clone();
        this.sumSeconds = sumSeconds;
        this.count = count;
    }

    /**
     * Returns the upper bounds.
     *
     * @return bounds in seconds, ascending (a copy)
     */
    public double[] bounds() {
        return bounds.clone();
    }

    /**
     * Returns the observations at most each bound.
     *
     * @return cumulative counts (a copy)
     */
    public long[] cumulative() {
        return cumulative.clone();
    }

    /**
     * Returns the sum of the observations.
     *
     * @return seconds
     */
    public double sumSeconds() {
        return sumSeconds;
    }

    /**
     * Returns the number of observations.
     *
     * @return count
     */
    public long count() {
        return count;
    }
}

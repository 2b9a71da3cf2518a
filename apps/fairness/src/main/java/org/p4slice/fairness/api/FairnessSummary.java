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

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The figures of one {@link FairnessReport} without its per-slice lines (immutable): what the
 * history keeps and what fairness events carry.
 */
public final class FairnessSummary {

    private final long timestamp;
    private final FairnessMode mode;
    private final double windowSeconds;
    private final double cv;
    private final double jain;
    private final double maxDeviation;
    private final int slices;
    private final int backlogged;

    /**
     * Creates a summary.
     *
     * @param timestamp     wall-clock time of the poll, milliseconds since the epoch
     * @param mode          mode in effect
     * @param windowSeconds time span of the sliding window
     * @param cv            coefficient of variation of the backlogged slices' shares
     * @param jain          Jain's index of the backlogged slices' shares
     * @param maxDeviation  maximum |share - 1| over the backlogged slices
     * @param slices        number of slices in the report
     * @param backlogged    number of backlogged slices
     * @throws IllegalArgumentException if a figure is out of its range
     */
    public FairnessSummary(long timestamp, FairnessMode mode, double windowSeconds, double cv, double jain,
                           double maxDeviation, int slices, int backlogged) {
        this.mode = checkNotNull(mode, "mode must not be null");
        checkArgument(Double.isFinite(windowSeconds) && windowSeconds >= 0,
                      "windowSeconds must be finite and >= 0, got %s", windowSeconds);
        checkArgument(Double.isFinite(cv) && cv >= 0, "cv must be finite and >= 0, got %s", cv);
        checkArgument(jain >= 0 && jain <= 1 + 1e-9, "jain must be in [0, 1], got %s", jain);
        checkArgument(Double.isFinite(maxDeviation) && maxDeviation >= 0,
                      "maxDeviation must be finite and >= 0, got %s", maxDeviation);
        checkArgument(backlogged >= 0 && backlogged <= slices,
                      "backlogged must be in [0, slices=%s], got %s", slices, backlogged);
        this.timestamp = timestamp;
        this.windowSeconds = windowSeconds;
        this.cv = cv;
        this.jain = jain;
        this.maxDeviation = maxDeviation;
        this.slices = slices;
        this.backlogged = backlogged;
    }

    /**
     * Returns the wall-clock time of the poll.
     *
     * @return milliseconds since the epoch
     */
    public long timestamp() {
        return timestamp;
    }

    /**
     * Returns the mode in effect.
     *
     * @return mode
     */
    public FairnessMode mode() {
        return mode;
    }

    /**
     * Returns the time span of the sliding window: from the oldest to the newest poll it covers.
     *
     * @return seconds
     */
    public double windowSeconds() {
        return windowSeconds;
    }

    /**
     * Returns the population coefficient of variation (sigma / mu) of the backlogged slices' shares;
     * 0 when fewer than two are backlogged or all shares are 0.
     *
     * @return CV
     */
    public double cv() {
        return cv;
    }

    /**
     * Returns Jain's index, (sum x)^2 / (n * sum x^2), of the backlogged slices' shares; 1 when none
     * is backlogged or all shares are 0.
     *
     * @return index in (0, 1]
     */
    public double jain() {
        return jain;
    }

    /**
     * Returns the maximum |share - 1| over the backlogged slices (0 if none).
     *
     * @return deviation
     */
    public double maxDeviation() {
        return maxDeviation;
    }

    /**
     * Returns the number of slices in the report.
     *
     * @return slices
     */
    public int slices() {
        return slices;
    }

    /**
     * Returns the number of backlogged slices.
     *
     * @return slices
     */
    public int backlogged() {
        return backlogged;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FairnessSummary)) {
            return false;
        }
        FairnessSummary that = (FairnessSummary) o;
        return timestamp == that.timestamp && mode == that.mode
                && Double.compare(windowSeconds, that.windowSeconds) == 0 && Double.compare(cv, that.cv) == 0
                && Double.compare(jain, that.jain) == 0 && Double.compare(maxDeviation, that.maxDeviation) == 0
                && slices == that.slices && backlogged == that.backlogged;
    }

    @Override
    public int hashCode() {
        return Objects.hash(timestamp, mode, windowSeconds, cv, jain, maxDeviation, slices, backlogged);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("timestamp", timestamp).add("mode", mode).add("windowSeconds", windowSeconds)
                .add("cv", cv).add("jain", jain).add("maxDeviation", maxDeviation)
                .add("slices", slices).add("backlogged", backlogged)
                .toString();
    }
}

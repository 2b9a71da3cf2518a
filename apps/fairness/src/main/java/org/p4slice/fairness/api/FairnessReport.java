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
import com.google.common.collect.ImmutableList;
import org.p4slice.slicing.api.SliceId;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Fairness of the slices at one poll (immutable): the figures ({@link #summary()}), one line per
 * slice ({@link SliceFairness}, ordered by slice id) and the use of every port and link
 * ({@link ResourceUsage}).
 * <p>
 * Window: rates are (counter now - counter N polls ago) / (time between the two polls), N being the
 * configured number of samples (fewer for a slice first seen, or whose counters were reset, less
 * than N polls ago). CV and Jain's index are over the shares of the backlogged slices only.
 * Per slice:
 * <ul>
 * <li>{@code offeredBps}: receive rate (counted before the meter) over the window, at the slice's
 * busiest device (the maximum over its devices: traffic crossing a trunk is counted on every switch
 * it crosses, so a sum would count it twice);</li>
 * <li>{@code rateBps}: delivered rate, receive minus meter drops over the window, maximum over the
 * slice's devices;</li>
 * <li>{@code allocationBps}: the rate the slice was entitled to over the window: its quota, or in
 * enforce mode the mean of the meter rates the app gave it during the window;</li>
 * <li>{@code share} = rateBps / allocationBps; {@code backlogged} = offeredBps &gt;= allocationBps;
 * {@code deviation} = |share - 1| for a backlogged slice, 0 otherwise (a slice that sends less than
 * it may is not treated unfairly).</li>
 * </ul>
 */
public final class FairnessReport {

    private static final Comparator<SliceFairness> BY_ID = Comparator.comparingInt(s -> s.id().id());

    private final FairnessSummary summary;
    private final double threshold;
    private final List<SliceFairness> slices;
    private final List<ResourceUsage> resources;

    /**
     * Creates a report.
     *
     * @param summary   the figures
     * @param threshold alert threshold in effect
     * @param slices    one line per slice
     * @param resources use of ports and links
     * @throws IllegalArgumentException if two lines have the same slice id, or the counts in the
     *                                  summary do not match the lines
     */
    public FairnessReport(FairnessSummary summary, double threshold, List<SliceFairness> slices,
                          List<ResourceUsage> resources) {
        this.summary = checkNotNull(summary, "summary must not be null");
        this.threshold = threshold;
        this.slices = ImmutableList.sortedCopyOf(BY_ID, checkNotNull(slices, "slices must not be null"));
        this.resources = ImmutableList.copyOf(checkNotNull(resources, "resources must not be null"));
        int backlogged = 0;
        for (int i = 0; i < this.slices.size(); i++) {
            SliceFairness s = this.slices.get(i);
            checkArgument(i == 0 || this.slices.get(i - 1).id().id().intValue() != s.id().id().intValue(),
                          "slice %s has two lines", s.id().id());
            backlogged += s.backlogged() ? 1 : 0;
        }
        checkArgument(summary.slices() == this.slices.size() && summary.backlogged() == backlogged,
                      "summary counts (%s slices, %s backlogged) do not match the lines (%s, %s)",
                      summary.slices(), summary.backlogged(), this.slices.size(), backlogged);
    }

    /**
     * Returns a report with no slices and no resources (before the first poll).
     *
     * @param timestamp milliseconds since the epoch
     * @param mode      mode in effect
     * @param threshold alert threshold in effect
     * @return empty report
     */
    public static FairnessReport empty(long timestamp, FairnessMode mode, double threshold) {
        return new FairnessReport(new FairnessSummary(timestamp, mode, 0, 0, 1, 0, 0, 0), threshold,
                                  ImmutableList.of(), ImmutableList.of());
    }

    /**
     * Returns the figures.
     *
     * @return summary
     */
    public FairnessSummary summary() {
        return summary;
    }

    /**
     * Returns the wall-clock time of the poll.
     *
     * @return milliseconds since the epoch
     */
    public long timestamp() {
        return summary.timestamp();
    }

    /**
     * Returns the mode in effect.
     *
     * @return mode
     */
    public FairnessMode mode() {
        return summary.mode();
    }

    /**
     * Returns the time span of the sliding window.
     *
     * @return seconds
     */
    public double windowSeconds() {
        return summary.windowSeconds();
    }

    /**
     * Returns the population CV of the backlogged slices' shares.
     *
     * @return CV
     */
    public double cv() {
        return summary.cv();
    }

    /**
     * Returns Jain's index of the backlogged slices' shares.
     *
     * @return index
     */
    public double jain() {
        return summary.jain();
    }

    /**
     * Returns the maximum deviation |share - 1| over the backlogged slices.
     *
     * @return deviation
     */
    public double maxDeviation() {
        return summary.maxDeviation();
    }

    /**
     * Returns the alert threshold in effect.
     *
     * @return threshold fraction
     */
    public double threshold() {
        return threshold;
    }

    /**
     * Returns one line per slice, ordered by slice id.
     *
     * @return slices
     */
    public List<SliceFairness> slices() {
        return slices;
    }

    /**
     * Returns one slice's line.
     *
     * @param id slice id
     * @return line, or empty if the slice is not in the report
     */
    public Optional<SliceFairness> slice(SliceId id) {
        int lo = 0;
        int hi = slices.size() - 1;
        int key = id.id();
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int at = slices.get(mid).id().id();
            if (at < key) {
                lo = mid + 1;
            } else if (at > key) {
                hi = mid - 1;
            } else {
                return Optional.of(slices.get(mid));
            }
        }
        return Optional.empty();
    }

    /**
     * Returns the use of every port and link with a known capacity: ports first, ordered as the
     * slicing app lists them, then links.
     *
     * @return resources
     */
    public List<ResourceUsage> resources() {
        return resources;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FairnessReport)) {
            return false;
        }
        FairnessReport that = (FairnessReport) o;
        return Double.compare(threshold, that.threshold) == 0 && summary.equals(that.summary)
                && slices.equals(that.slices) && resources.equals(that.resources);
    }

    @Override
    public int hashCode() {
        return Objects.hash(summary, threshold, slices, resources);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("summary", summary).add("threshold", threshold)
                .add("slices", slices.size()).add("resources", resources.size())
                .toString();
    }
}

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

import org.p4slice.slicing.api.SliceId;
import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSortedMap;
import org.onosproject.net.DeviceId;

import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The statistics of one poll of the per-slice counters (immutable): for every slice polled (the
 * ACTIVE slices), its {@link SliceStats} on each of its devices that could be read, ordered by
 * device id; and the window the rates are over. A slice polled whose devices could not be read is
 * listed with no devices (its statistics are then zero).
 */
public final class SliceStatsSnapshot {

    private static final Comparator<DeviceId> BY_DEVICE = Comparator.comparing(DeviceId::toString);

    private final long timestamp;
    private final int windowSamples;
    private final double windowSeconds;
    private final Map<SliceId, Map<DeviceId, SliceStats>> slices;

    /**
     * Creates a snapshot.
     *
     * @param timestamp     wall-clock time of the poll, milliseconds since the epoch
     * @param windowSamples N, the polling intervals a full window covers (&gt;= 1)
     * @param windowSeconds time from the oldest to the newest poll the window covers now
     * @param perDevice     per slice polled, its statistics per device read
     * @throws IllegalArgumentException if the window is out of range
     */
    public SliceStatsSnapshot(long timestamp, int windowSamples, double windowSeconds,
                              Map<SliceId, Map<DeviceId, SliceStats>> perDevice) {
        checkArgument(windowSamples >= 1, "windowSamples must be >= 1, got %s", windowSamples);
        checkArgument(Double.isFinite(windowSeconds) && windowSeconds >= 0,
                      "windowSeconds must be finite and >= 0, got %s", windowSeconds);
        this.timestamp = timestamp;
        this.windowSamples = windowSamples;
        this.windowSeconds = windowSeconds;
        ImmutableMap.Builder<SliceId, Map<DeviceId, SliceStats>> b = ImmutableMap.builder();
        for (Map.Entry<SliceId, Map<DeviceId, SliceStats>> e : checkNotNull(perDevice, "stats is null").entrySet()) {
            b.put(e.getKey(), ImmutableSortedMap.copyOf(e.getValue(), BY_DEVICE));
        }
        this.slices = b.build();
    }

    /**
     * Returns a snapshot with no slices (before the first poll).
     *
     * @param timestamp     milliseconds since the epoch
     * @param windowSamples N
     * @return empty snapshot
     */
    public static SliceStatsSnapshot empty(long timestamp, int windowSamples) {
        return new SliceStatsSnapshot(timestamp, windowSamples, 0, ImmutableMap.of());
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
     * Returns the number of polling intervals a full window covers.
     *
     * @return N
     */
    public int windowSamples() {
        return windowSamples;
    }

    /**
     * Returns the time span of the window now: from the oldest to the newest poll it covers.
     *
     * @return seconds
     */
    public double windowSeconds() {
        return windowSeconds;
    }

    /**
     * Returns the slices polled.
     *
     * @return slice ids
     */
    public Set<SliceId> sliceIds() {
        return slices.keySet();
    }

    /**
     * Returns a slice's statistics per device read, ordered by device id.
     *
     * @param id slice id
     * @return per-device statistics, empty if the slice was not polled or no device could be read
     */
    public Map<DeviceId, SliceStats> devices(SliceId id) {
        return slices.getOrDefault(id, ImmutableMap.of());
    }

    /**
     * Returns a slice's statistics summed over its devices ({@link SliceStats#sum(Iterable)}).
     *
     * @param id slice id
     * @return statistics, empty if the slice was not polled
     */
    public Optional<SliceStats> stats(SliceId id) {
        Map<DeviceId, SliceStats> devices = slices.get(id);
        return devices == null ? Optional.empty() : Optional.of(SliceStats.sum(devices.values()));
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SliceStatsSnapshot)) {
            return false;
        }
        SliceStatsSnapshot that = (SliceStatsSnapshot) o;
        return timestamp == that.timestamp && windowSamples == that.windowSamples
                && Double.compare(windowSeconds, that.windowSeconds) == 0 && slices.equals(that.slices);
    }

    @Override
    public int hashCode() {
        return Objects.hash(timestamp, windowSamples, windowSeconds, slices);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("timestamp", timestamp).add("windowSamples", windowSamples)
                .add("windowSeconds", windowSeconds).add("slices", slices.keySet())
                .toString();
    }
}

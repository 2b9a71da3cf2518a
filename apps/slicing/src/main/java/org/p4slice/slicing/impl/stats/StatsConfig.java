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

import org.p4slice.slicing.config.ComponentProperties;
import com.google.common.base.MoreObjects;

import java.util.Dictionary;
import java.util.List;
import java.util.Objects;

import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.COUNTER_BITS;
import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.COUNTER_BITS_DEFAULT;
import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.POLL_PERIOD_MS;
import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.POLL_PERIOD_MS_DEFAULT;
import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.WINDOW_SAMPLES;
import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.WINDOW_SAMPLES_DEFAULT;

/**
 * The statistics' configuration (immutable), with the range each property must be in. A property
 * that is absent keeps its previous value; one that is invalid keeps its previous value too and is
 * reported with a precise message.
 */
final class StatsConfig {

    static final int MIN_POLL_PERIOD_MS = 100;
    static final int MAX_POLL_PERIOD_MS = 60_000;
    static final int MAX_WINDOW_SAMPLES = 600;

    /** The defaults. */
    static final StatsConfig DEFAULT = new StatsConfig(POLL_PERIOD_MS_DEFAULT, WINDOW_SAMPLES_DEFAULT,
                                                       COUNTER_BITS_DEFAULT);

    private final int pollPeriodMs;
    private final int windowSamples;
    private final int counterBits;

    private StatsConfig(int pollPeriodMs, int windowSamples, int counterBits) {
        this.pollPeriodMs = pollPeriodMs;
        this.windowSamples = windowSamples;
        this.counterBits = counterBits;
    }

    /**
     * Reads the properties over this configuration.
     *
     * @param props  component properties, may be null (then nothing changes)
     * @param errors receives one message per invalid property
     * @return the new configuration
     */
    StatsConfig update(Dictionary<?, ?> props, List<String> errors) {
        if (props == null) {
            return this;
        }
        return new StatsConfig(
                ComponentProperties.intIn(props, POLL_PERIOD_MS, pollPeriodMs, MIN_POLL_PERIOD_MS, MAX_POLL_PERIOD_MS,
                                          errors),
                ComponentProperties.intIn(props, WINDOW_SAMPLES, windowSamples, 1, MAX_WINDOW_SAMPLES, errors),
                ComponentProperties.intIn(props, COUNTER_BITS, counterBits, 1, 64, errors));
    }

    int pollPeriodMs() {
        return pollPeriodMs;
    }

    int windowSamples() {
        return windowSamples;
    }

    int counterBits() {
        return counterBits;
    }

    /**
     * Tells whether the windows must be rebuilt to switch to another configuration.
     *
     * @param other configuration
     * @return true if the window or the counter width differ
     */
    boolean needsNewWindows(StatsConfig other) {
        return windowSamples != other.windowSamples || counterBits != other.counterBits;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof StatsConfig)) {
            return false;
        }
        StatsConfig that = (StatsConfig) o;
        return pollPeriodMs == that.pollPeriodMs && windowSamples == that.windowSamples
                && counterBits == that.counterBits;
    }

    @Override
    public int hashCode() {
        return Objects.hash(pollPeriodMs, windowSamples, counterBits);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add(POLL_PERIOD_MS, pollPeriodMs)
                .add(WINDOW_SAMPLES, windowSamples).add(COUNTER_BITS, counterBits).toString();
    }
}

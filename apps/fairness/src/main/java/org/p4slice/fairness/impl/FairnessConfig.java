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

import org.p4slice.slicing.config.ComponentProperties;
import com.google.common.base.MoreObjects;
import org.onlab.util.Tools;
import org.p4slice.fairness.api.FairnessMode;

import java.util.Dictionary;
import java.util.List;
import java.util.Objects;

import static org.p4slice.fairness.impl.OsgiPropertyConstants.HISTORY_SIZE;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.HISTORY_SIZE_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.LEND_HEADROOM;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.LEND_HEADROOM_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.MODE;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.MODE_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.THRESHOLD;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.THRESHOLD_DEFAULT;

/**
 * The fairness app's configuration (immutable), with the rules each property must follow. A
 * property that is absent keeps its previous value; one that is invalid keeps its previous value
 * too and is reported with a precise message.
 */
final class FairnessConfig {

    static final int MAX_HISTORY_SIZE = 100_000;

    /** The defaults. */
    static final FairnessConfig DEFAULT = new FairnessConfig(
            THRESHOLD_DEFAULT, FairnessMode.parse(MODE_DEFAULT), HISTORY_SIZE_DEFAULT, LEND_HEADROOM_DEFAULT);

    private final double threshold;
    private final FairnessMode mode;
    private final int historySize;
    private final double lendHeadroom;

    private FairnessConfig(double threshold, FairnessMode mode, int historySize, double lendHeadroom) {
        this.threshold = threshold;
        this.mode = mode;
        this.historySize = historySize;
        this.lendHeadroom = lendHeadroom;
    }

    /**
     * Reads the properties over this configuration.
     *
     * @param props  component properties, may be null (then nothing changes)
     * @param errors receives one message per invalid property
     * @return the new configuration
     */
    FairnessConfig update(Dictionary<?, ?> props, List<String> errors) {
        if (props == null) {
            return this;
        }
        double thr = doubleProperty(props, THRESHOLD, threshold, false, errors);
        int history = ComponentProperties.intIn(props, HISTORY_SIZE, historySize, 1, MAX_HISTORY_SIZE, errors);
        double headroom = doubleProperty(props, LEND_HEADROOM, lendHeadroom, true, errors);
        FairnessMode m = mode;
        String modeValue = Tools.get(props, MODE);
        if (modeValue != null) {
            try {
                m = FairnessMode.parse(modeValue);
            } catch (IllegalArgumentException e) {
                errors.add(MODE + ": " + e.getMessage() + "; keeping " + mode.configName());
            }
        }
        return new FairnessConfig(thr, m, history, headroom);
    }

    private static double doubleProperty(Dictionary<?, ?> props, String name, double current, boolean zeroOk,
                                         List<String> errors) {
        String s = Tools.get(props, name);
        if (s == null) {
            return current;
        }
        try {
            double v = Double.parseDouble(s.trim());
            if ((zeroOk ? v >= 0 : v > 0) && v <= 1) {
                return v;
            }
            errors.add(String.format("%s must be in %s0..1, got %s; keeping %s", name, zeroOk ? "" : "(exclusive) ",
                                     s.trim(), current));
        } catch (NumberFormatException e) {
            errors.add(String.format("%s must be a number, got '%s'; keeping %s", name, s, current));
        }
        return current;
    }

    double threshold() {
        return threshold;
    }

    FairnessMode mode() {
        return mode;
    }

    int historySize() {
        return historySize;
    }

    double lendHeadroom() {
        return lendHeadroom;
    }

    /**
     * Tells whether the cycle must be rebuilt to switch to another configuration.
     *
     * @param other configuration
     * @return true if the lending headroom differs
     */
    boolean needsNewCycle(FairnessConfig other) {
        return Double.compare(lendHeadroom, other.lendHeadroom) != 0;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FairnessConfig)) {
            return false;
        }
        FairnessConfig that = (FairnessConfig) o;
        return Double.compare(threshold, that.threshold) == 0 && mode == that.mode
                && historySize == that.historySize && Double.compare(lendHeadroom, that.lendHeadroom) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(threshold, mode, historySize, lendHeadroom);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add(THRESHOLD, threshold).add(MODE, mode.configName()).add(HISTORY_SIZE, historySize)
                .add(LEND_HEADROOM, lendHeadroom)
                .toString();
    }
}

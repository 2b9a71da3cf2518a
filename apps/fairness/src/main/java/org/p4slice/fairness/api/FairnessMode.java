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

import java.util.Locale;

/**
 * What the fairness app does besides measuring.
 */
public enum FairnessMode {
    /** Measure, report and alert only; meters stay at the slices' quotas. */
    MONITOR,
    /**
     * Also lend capacity that slices below their quota leave unused to backlogged slices (max-min
     * fair), by changing meter rates, never above the guard band; returned when the lender's demand
     * comes back.
     */
    ENFORCE;

    /**
     * Parses a mode name, case-insensitively ({@code monitor} or {@code enforce}).
     *
     * @param name mode name
     * @return mode
     * @throws IllegalArgumentException if the name is neither
     */
    public static FairnessMode parse(String name) {
        if (name != null) {
            String n = name.trim().toUpperCase(Locale.ROOT);
            for (FairnessMode m : values()) {
                if (m.name().equals(n)) {
                    return m;
                }
            }
        }
        throw new IllegalArgumentException("mode must be monitor or enforce, got " + name);
    }

    /**
     * Returns the mode's configuration name ({@code monitor} or {@code enforce}).
     *
     * @return lower-case name
     */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }
}

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
package org.p4slice.slicing.impl;

import org.onlab.util.Tools;
import org.slf4j.Logger;

import java.util.Dictionary;

/**
 * Reading the slicing app's component properties (ONOS {@code cfg set}): one rule for every
 * integer setting that must be at least 1, one for every fraction in [0, 1). An invalid value is
 * logged, naming the property, and changes nothing.
 */
final class ComponentProperties {

    private ComponentProperties() {
    }

    /**
     * Returns a property that must be an integer of at least 1: its default when it is not set, the
     * current value (and a warning naming the property) when it is set to anything else.
     *
     * @param log          where a refused value is reported
     * @param properties   the component's properties, or null
     * @param name         property name
     * @param current      value in effect
     * @param defaultValue value when the property is not set
     * @return the value to use
     */
    static int positive(Logger log, Dictionary<?, ?> properties, String name, int current, int defaultValue) {
        String value = properties == null ? null : Tools.get(properties, name);
        if (value == null) {
            return defaultValue;
        }
        try {
            int v = Integer.parseInt(value.trim());
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        log.warn("Ignoring {}={}: it must be an integer of at least 1; it stays {}", name, value, current);
        return current;
    }

    /**
     * Returns a property that must be a number in [0, 1): its default when it is not set, the
     * current value (and a warning naming the property) when it is set to anything else.
     *
     * @param log          where a refused value is reported
     * @param properties   the component's properties, or null
     * @param name         property name
     * @param current      value in effect
     * @param defaultValue value when the property is not set
     * @return the value to use
     */
    static double fraction(Logger log, Dictionary<?, ?> properties, String name, double current,
                           double defaultValue) {
        String value = properties == null ? null : Tools.get(properties, name);
        if (value == null) {
            return defaultValue;
        }
        double v;
        try {
            v = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (v >= 0 && v < 1) {
            return v;
        }
        log.warn("Ignoring {}={}: it must be a number in [0, 1); it stays {}", name, value, current);
        return current;
    }
}

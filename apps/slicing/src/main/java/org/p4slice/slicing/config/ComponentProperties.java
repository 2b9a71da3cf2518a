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
package org.p4slice.slicing.config;

import org.onlab.util.Tools;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;

/**
 * Reading p4slice's component properties (ONOS {@code cfg set}), for the slicing, statistics and
 * fairness components alike: integers at least 1, integers in a range, fractions in [0, 1). An
 * invalid value is reported, naming the property, and changes nothing.
 */
public final class ComponentProperties {

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
    public static int positive(Logger log, Dictionary<?, ?> properties, String name, int current, int defaultValue) {
        if (properties == null || Tools.get(properties, name) == null) {
            return defaultValue;
        }
        List<String> errors = new ArrayList<>();
        int v = intIn(properties, name, current, 1, Integer.MAX_VALUE, errors);
        errors.forEach(e -> log.warn("Ignoring {}", e));
        return v;
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
    public static double fraction(Logger log, Dictionary<?, ?> properties, String name, double current,
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

    /**
     * Returns an integer property in a range: its current value when it is not set, or (with a
     * message naming the property) when it is set to anything else.
     *
     * @param props   component properties
     * @param name    property name
     * @param current value in effect
     * @param min     lowest value allowed
     * @param max     highest value allowed
     * @param errors  receives the message of an invalid value
     * @return the value to use
     */
    public static int intIn(Dictionary<?, ?> props, String name, int current, int min, int max, List<String> errors) {
        String s = Tools.get(props, name);
        if (s == null) {
            return current;
        }
        try {
            int v = Integer.parseInt(s.trim());
            if (v >= min && v <= max) {
                return v;
            }
            errors.add(String.format("%s must be in %d..%d, got %d; keeping %d", name, min, max, v, current));
        } catch (NumberFormatException e) {
            errors.add(String.format("%s must be an integer, got '%s'; keeping %d", name, s, current));
        }
        return current;
    }
}

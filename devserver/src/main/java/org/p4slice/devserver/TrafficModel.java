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
package org.p4slice.devserver;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The load the dev server's simulated slices offer, as a multiple of each slice's quota over time:
 * {@code off} (no traffic), {@code steady[:F]} (F × quota all the time, 1.5 by default) or
 * {@code wave[:P]} (between 0.2 and 2 × quota in a sine of period P seconds, 60 by default, each
 * slice a quarter period after the previous one, so some are over their quota while others are
 * under). Comma-separated {@code ID=F} items pin slice ID to F × quota, e.g.
 * {@code wave:30,10=2,20=0.5}. Default: {@code wave:60}.
 */
public final class TrafficModel {

    /** The default pattern of the dev server. */
    public static final String DEFAULT = "wave:60";

    private static final double STEADY_DEFAULT = 1.5;
    private static final double WAVE_PERIOD_DEFAULT_S = 60;
    private static final double WAVE_MIDDLE = 1.1;
    private static final double WAVE_AMPLITUDE = 0.9;
    private static final double MAX_FACTOR = 1000;

    private enum Pattern { OFF, STEADY, WAVE }

    private final String spec;
    private final Pattern pattern;
    private final double parameter;
    private final Map<Integer, Double> pinned;

    private TrafficModel(String spec, Pattern pattern, double parameter, Map<Integer, Double> pinned) {
        this.spec = spec;
        this.pattern = pattern;
        this.parameter = parameter;
        this.pinned = Collections.unmodifiableMap(pinned);
    }

    /**
     * Parses a traffic specification (see the class description).
     *
     * @param spec specification
     * @return model
     * @throws IllegalArgumentException naming the item that is wrong and what is allowed
     */
    public static TrafficModel parse(String spec) {
        checkArgument(spec != null && !spec.isBlank(), "--traffic needs a pattern: off, steady[:F] or wave[:P]");
        String[] items = spec.split(",", -1);
        String[] head = items[0].split(":", -1);
        Pattern pattern;
        double parameter;
        switch (head[0]) {
            case "off":
                checkArgument(head.length == 1, "--traffic off takes no parameter, got '%s'", items[0]);
                pattern = Pattern.OFF;
                parameter = 0;
                break;
            case "steady":
                pattern = Pattern.STEADY;
                parameter = head.length == 1 ? STEADY_DEFAULT : number(head, items[0], 0, MAX_FACTOR);
                break;
            case "wave":
                pattern = Pattern.WAVE;
                parameter = head.length == 1 ? WAVE_PERIOD_DEFAULT_S : number(head, items[0], 1, 86_400);
                break;
            default:
                throw new IllegalArgumentException("--traffic: unknown pattern '" + head[0]
                                                           + "' (allowed: off, steady[:F], wave[:P])");
        }
        Map<Integer, Double> pinned = new TreeMap<>();
        for (int i = 1; i < items.length; i++) {
            String[] kv = items[i].split("=", -1);
            checkArgument(kv.length == 2, "--traffic: '%s' is not ID=FACTOR", items[i]);
            int id;
            double factor;
            try {
                id = Integer.parseInt(kv[0].trim());
                factor = Double.parseDouble(kv[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--traffic: '" + items[i] + "' is not ID=FACTOR", e);
            }
            checkArgument(id >= 1 && id <= 4094, "--traffic: slice id %s is outside 1..4094", id);
            checkArgument(factor >= 0 && factor <= MAX_FACTOR, "--traffic: factor of slice %s must be in 0..%s, "
                    + "got %s", id, MAX_FACTOR, kv[1]);
            checkArgument(pinned.put(id, factor) == null, "--traffic: slice %s is given twice", id);
        }
        return new TrafficModel(spec, pattern, parameter, pinned);
    }

    private static double number(String[] head, String item, double min, double max) {
        checkArgument(head.length == 2, "--traffic: '%s' has more than one parameter", item);
        double v;
        try {
            v = Double.parseDouble(head[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--traffic: '" + item + "' needs a number after ':'", e);
        }
        checkArgument(v >= min && v <= max, "--traffic: the parameter of '%s' must be in %s..%s", item, min, max);
        return v;
    }

    /**
     * Returns the load a slice offers, as a multiple of its quota.
     *
     * @param sliceId  slice id
     * @param position the slice's position among the running slices (0 for the first), which shifts
     *                 its phase in a wave
     * @param seconds  time since the model started
     * @return offered load / quota, &gt;= 0
     */
    public double offeredFactor(int sliceId, int position, double seconds) {
        Double fixed = pinned.get(sliceId);
        if (fixed != null) {
            return fixed;
        }
        switch (pattern) {
            case OFF:
                return 0;
            case STEADY:
                return parameter;
            default:
                double phase = 2 * Math.PI * (seconds / parameter + position / 4.0);
                return WAVE_MIDDLE + WAVE_AMPLITUDE * Math.sin(phase);
        }
    }

    @Override
    public String toString() {
        return spec;
    }
}

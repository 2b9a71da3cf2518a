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
package org.p4slice.fairness.metrics;

import org.p4slice.slicing.api.stats.DurationHistogram;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;

/**
 * Writes the Prometheus text exposition format, version 0.0.4: each family once, its {@code # HELP}
 * and {@code # TYPE} lines before its samples, samples of a family together; label values and help
 * texts escaped; counters named {@code _total}; histograms as {@code _bucket} (with {@code le}),
 * {@code _sum} and {@code _count}. Labels are given as name, value pairs.
 */
public final class Exposition {

    /** Content type of the format. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    /** Type of a family. */
    public enum Type {
        /** A value that only grows (from 0 when the app starts). */
        COUNTER,
        /** A value that goes up and down. */
        GAUGE,
        /** Observations counted in buckets. */
        HISTOGRAM
    }

    private static final double BITS_PER_BYTE = 8.0;
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    private final StringBuilder out = new StringBuilder(4096);
    private final Set<String> families = new HashSet<>();
    private String current;
    private Type currentType;

    /**
     * Starts a family.
     *
     * @param name family name
     * @param help what it means
     * @param type type
     * @return this
     * @throws IllegalArgumentException if the name is malformed, was written before, or does not
     *                                  suit its type (a counter ends in {@code _total}, nothing else does)
     */
    public Exposition family(String name, String help, Type type) {
        checkArgument(NAME.matcher(name).matches(), "malformed metric name %s", name);
        checkArgument(families.add(name), "family %s written twice", name);
        checkArgument(name.endsWith("_total") == (type == Type.COUNTER),
                      "%s: counters and only counters end in _total", name);
        checkArgument(!help.isEmpty(), "%s has no help", name);
        current = name;
        currentType = type;
        out.append("# HELP ").append(name).append(' ').append(escapeHelp(help)).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type.name().toLowerCase()).append('\n');
        return this;
    }

    /**
     * Writes a sample of the current family (a counter or gauge).
     *
     * @param value  value
     * @param labels label name, value pairs
     * @return this
     */
    public Exposition sample(double value, String... labels) {
        checkState(current != null && currentType != Type.HISTOGRAM, "no counter or gauge family started");
        line(current, labels, null, null, value);
        return this;
    }

    /**
     * Writes the samples of one histogram of the current (histogram) family.
     *
     * @param histogram observations
     * @param labels    label name, value pairs ({@code le} is added)
     * @return this
     */
    public Exposition histogram(DurationHistogram histogram, String... labels) {
        checkState(current != null && currentType == Type.HISTOGRAM, "no histogram family started");
        double[] bounds = histogram.bounds();
        long[] counts = histogram.cumulative();
        for (int i = 0; i < bounds.length; i++) {
            line(current + "_bucket", labels, "le", number(bounds[i]), counts[i]);
        }
        line(current + "_bucket", labels, "le", "+Inf", histogram.count());
        line(current + "_sum", labels, null, null, histogram.sumSeconds());
        line(current + "_count", labels, null, null, histogram.count());
        return this;
    }

    private void line(String name, String[] labels, String extraName, String extraValue, double value) {
        checkArgument(labels.length % 2 == 0, "labels come in name, value pairs");
        for (int i = 0; i < labels.length; i += 2) {
            checkArgument(NAME.matcher(labels[i]).matches() && !labels[i].startsWith("__"),
                          "malformed label name %s", labels[i]);
        }
        out.append(name);
        if (labels.length > 0 || extraName != null) {
            out.append('{');
            for (int i = 0; i < labels.length; i += 2) {
                out.append(i == 0 ? "" : ",").append(labels[i]).append("=\"").append(escapeLabel(labels[i + 1]))
                        .append('"');
            }
            if (extraName != null) {
                out.append(labels.length > 0 ? "," : "").append(extraName).append("=\"").append(extraValue)
                        .append('"');
            }
            out.append('}');
        }
        out.append(' ').append(number(value)).append('\n');
    }

    /**
     * Converts a rate in bits per second (as p4slice's API gives rates) to the base unit of a rate in
     * Prometheus' conventions, bytes per second.
     *
     * @param bitsPerSecond rate
     * @return bytes per second
     */
    public static double bytes(double bitsPerSecond) {
        return bitsPerSecond / BITS_PER_BYTE;
    }

    /**
     * Returns the text written.
     *
     * @return exposition, each line ending with a newline
     */
    public String text() {
        return out.toString();
    }

    /**
     * Formats a sample value: integers without a fraction, others in Java's shortest round-trip
     * form, NaN and infinities as Prometheus spells them.
     *
     * @param v value
     * @return text
     */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    /**
     * Escapes a label value: backslash, double quote and line feed.
     *
     * @param s value (null: empty)
     * @return escaped value
     */
    static String escapeLabel(String s) {
        if (s == null) {
            return "";
        }
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    // HELP text: backslash and line feed
    static String escapeHelp(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n");
    }
}

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
package org.p4slice.tools.fairness;

import org.p4slice.fairness.impl.FairnessMath;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * Command-line access to the fairness app's figures of a set of values ({@link FairnessMath}, the
 * one definition of them), for a test harness that measured the values itself: typically the
 * per-slice shares (delivered / quota) of one run.
 * <p>
 * Usage: {@code FairnessFigures} with, on standard input, a JSON list of numbers or a JSON object of
 * named lists. Prints, for the list or for each name, an object
 * <pre>
 * {"n": 4, "mean": 1.0, "cv": 0.1, "jain": 0.99, "maxDeviation": 0.1, "undefined": {}}
 * </pre>
 * with {@code cv}, {@code jain} and {@code maxDeviation} exactly as {@link FairnessMath} computes them
 * over all the values. Where {@link FairnessMath} answers a convention instead of the formula
 * (its "nothing to judge" results, right for the app's monitor but hiding a failed measurement),
 * the figure is {@code null} and {@code undefined} says why:
 * <ul>
 * <li>no values: every figure, and {@code mean}: {@code "no values"};</li>
 * <li>{@code cv} when the mean is 0: {@code "undefined when the mean is 0"};</li>
 * <li>{@code jain} when a value is negative ({@code "values must be >= 0, got <min>"}) or every value
 * is 0 ({@code "undefined when every value is 0"}).</li>
 * </ul>
 * Exit status 2 on bad input (not JSON, not a list or object of lists, a value that is not a finite
 * number), with one line {@code fairness-figures: error: ...} on standard error.
 */
public final class FairnessFigures {

    /** Exit code: figures printed. */
    public static final int EXIT_OK = 0;
    /** Exit code: bad input. */
    public static final int EXIT_BAD_INPUT = 2;

    static final String NO_VALUES = "no values";

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    private FairnessFigures() {
        // entry point and arithmetic adapter only
    }

    /**
     * Reads standard input, prints the figures and exits with the exit code.
     *
     * @param args command line (none)
     */
    public static void main(String[] args) {
        System.exit(run(args, System.in, new PrintStream(System.out, true, StandardCharsets.UTF_8),
                        System.err));
    }

    /**
     * Reads the values from {@code in} and prints their figures to {@code out}.
     *
     * @param args command line (none expected)
     * @param in   input: a JSON list of numbers or an object of named lists
     * @param out  where the JSON goes
     * @param err  where errors go
     * @return exit code
     */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        if (args.length != 0) {
            err.println("fairness-figures: error: no arguments expected (the values come on standard input)");
            return EXIT_BAD_INPUT;
        }
        try {
            out.println(figuresOf(MAPPER.readTree(in)).toPrettyString());
            return EXIT_OK;
        } catch (JsonProcessingException e) {
            err.println("fairness-figures: error: not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            err.println("fairness-figures: error: cannot read standard input: " + e);
        } catch (IllegalArgumentException e) {
            err.println("fairness-figures: error: " + e.getMessage());
        }
        return EXIT_BAD_INPUT;
    }

    /**
     * Returns the figures of a list of values, or of each list of an object of named lists.
     *
     * @param input JSON list of numbers, or object of such lists
     * @return figures, or object of figures by name
     * @throws IllegalArgumentException if the input has another shape or a value is not a finite number
     */
    static ObjectNode figuresOf(JsonNode input) {
        if (input != null && input.isArray()) {
            return figures(values(input, "values"));
        }
        if (input == null || !input.isObject()) {
            throw new IllegalArgumentException("expected a list of numbers or an object of named lists, got "
                                                       + input);
        }
        ObjectNode out = MAPPER.createObjectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = input.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> series = it.next();
            out.set(series.getKey(), figures(values(series.getValue(), "\"" + series.getKey() + "\"")));
        }
        return out;
    }

    /**
     * Returns the figures of some values (see the class description).
     *
     * @param xs values, all finite
     * @return {@code {"n", "mean", "cv", "jain", "maxDeviation", "undefined"}}
     */
    static ObjectNode figures(double[] xs) {
        int n = xs.length;
        ObjectNode f = MAPPER.createObjectNode();
        ObjectNode undefined = MAPPER.createObjectNode();
        f.put("n", n);
        if (n == 0) {
            for (String figure : new String[]{"mean", "cv", "jain", "maxDeviation"}) {
                f.putNull(figure);
                undefined.put(figure, NO_VALUES);
            }
            f.set("undefined", undefined);
            return f;
        }
        double mean = FairnessMath.mean(xs, n);
        f.put("mean", mean);
        if (mean == 0) {
            f.putNull("cv");
            undefined.put("cv", "undefined when the mean is 0");
        } else {
            f.put("cv", FairnessMath.cv(xs, n));
        }
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double x : xs) {
            min = Math.min(min, x);
            max = Math.max(max, Math.abs(x));
        }
        if (min < 0) {
            f.putNull("jain");
            undefined.put("jain", "values must be >= 0, got " + min);
        } else if (max == 0) {
            f.putNull("jain");
            undefined.put("jain", "undefined when every value is 0");
        } else {
            f.put("jain", FairnessMath.jain(xs, n));
        }
        f.put("maxDeviation", FairnessMath.maxDeviation(xs, n));
        f.set("undefined", undefined);
        return f;
    }

    private static double[] values(JsonNode list, String what) {
        if (list == null || !list.isArray()) {
            throw new IllegalArgumentException(what + ": expected a list of numbers, got " + list);
        }
        double[] xs = new double[list.size()];
        for (int i = 0; i < xs.length; i++) {
            JsonNode v = list.get(i);
            if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
                throw new IllegalArgumentException(what + "[" + i + "]: expected a finite number, got "
                                                           + (v.isNumber() ? v.asText() : v.toString()));
            }
            xs[i] = v.asDouble();
        }
        return xs;
    }
}

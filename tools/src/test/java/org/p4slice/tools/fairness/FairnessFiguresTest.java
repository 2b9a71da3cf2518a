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
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The fairness-figures command gives FairnessMath's figures, and says which are undefined instead of
 * answering the app's "nothing to judge" conventions.
 */
public class FairnessFiguresTest {

    private static final double EPS = 1e-12;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String stdin, String... args) {
        return FairnessFigures.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                                   new PrintStream(out, true, StandardCharsets.UTF_8),
                                   new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private JsonNode figures(String stdin) throws Exception {
        assertEquals(err.toString(StandardCharsets.UTF_8), FairnessFigures.EXIT_OK, run(stdin));
        return new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
    }

    @Test
    public void listGivesFairnessMathsFigures() throws Exception {
        double[] xs = {1, 2, 3, 4};
        JsonNode f = figures("[1, 2, 3, 4]");
        assertEquals(4, f.get("n").asInt());
        assertEquals(2.5, f.get("mean").asDouble(), EPS);
        // (1+2+3+4)^2 / (4 * (1+4+9+16)) = 100 / 120
        assertEquals(100.0 / 120, f.get("jain").asDouble(), EPS);
        assertEquals(FairnessMath.jain(xs, 4), f.get("jain").asDouble(), 0);
        // population sigma sqrt(1.25), mean 2.5
        assertEquals(Math.sqrt(1.25) / 2.5, f.get("cv").asDouble(), EPS);
        assertEquals(FairnessMath.cv(xs, 4), f.get("cv").asDouble(), 0);
        assertEquals(3.0, f.get("maxDeviation").asDouble(), EPS);
        assertEquals(0, f.get("undefined").size());
    }

    @Test
    public void namedSeries() throws Exception {
        JsonNode f = figures("{\"a\": [0.9, 1.1], \"b\": [3]}");
        assertEquals(0.1, f.get("a").get("cv").asDouble(), EPS);
        assertEquals(0.1, f.get("a").get("maxDeviation").asDouble(), EPS);
        assertEquals(0.0, f.get("b").get("cv").asDouble(), 0);
        assertEquals(1.0, f.get("b").get("jain").asDouble(), EPS);
    }

    @Test
    public void undefinedFiguresAreNullWithTheReason() throws Exception {
        JsonNode f = figures("{\"zeros\": [0, 0], \"neg\": [1, -1], \"none\": []}");
        assertTrue(f.get("zeros").get("jain").isNull());
        assertEquals("undefined when every value is 0", f.get("zeros").get("undefined").get("jain").asText());
        assertEquals("undefined when the mean is 0", f.get("zeros").get("undefined").get("cv").asText());
        assertEquals(1.0, f.get("zeros").get("maxDeviation").asDouble(), EPS);
        assertEquals("values must be >= 0, got -1.0", f.get("neg").get("undefined").get("jain").asText());
        assertTrue(f.get("neg").get("cv").isNull());
        for (String figure : new String[]{"mean", "cv", "jain", "maxDeviation"}) {
            assertTrue(figure, f.get("none").get(figure).isNull());
            assertEquals(FairnessFigures.NO_VALUES, f.get("none").get("undefined").get(figure).asText());
        }
        assertEquals(0, f.get("none").get("n").asInt());
    }

    @Test
    public void badInput() {
        assertEquals(FairnessFigures.EXIT_BAD_INPUT, run("[1, NaN]"));
        assertEquals("fairness-figures: error: values[1]: expected a finite number, got NaN\n",
                     err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(FairnessFigures.EXIT_BAD_INPUT, run("{\"a\": [\"x\"]}"));
        assertEquals("fairness-figures: error: \"a\"[0]: expected a finite number, got \"x\"\n",
                     err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(FairnessFigures.EXIT_BAD_INPUT, run("3"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("expected a list of numbers or an object"));
        err.reset();
        assertEquals(FairnessFigures.EXIT_BAD_INPUT, run("[1,"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("fairness-figures: error: not valid JSON"));
        assertEquals(FairnessFigures.EXIT_BAD_INPUT, run("[1]", "extra"));
    }
}

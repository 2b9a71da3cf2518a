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

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Reads an exposition text the way a scraper would, failing on anything the text format 0.0.4
 * does not allow: every family has one HELP and one TYPE before its samples, samples of a family
 * are contiguous (a histogram's _bucket, _sum and _count belong to it), no series repeats.
 */
final class ExpositionParser {

    private static final String NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
    private static final String LABEL_VALUE = "\"(?:[^\"\\\\\\n]|\\\\[\\\\\"n])*\"";
    private static final String LABELS = "\\{(?:[a-zA-Z_][a-zA-Z0-9_]*=" + LABEL_VALUE
            + "(?:,[a-zA-Z_][a-zA-Z0-9_]*=" + LABEL_VALUE + ")*)?\\}";
    private static final String VALUE = "(?:[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?|NaN|[-+]Inf)";
    private static final Pattern SAMPLE =
            Pattern.compile("(" + NAME + ")(" + LABELS + ")? (" + VALUE + ")(?: -?\\d+)?");
    private static final Pattern HELP = Pattern.compile("# HELP (" + NAME + ") (.*)");
    private static final Pattern TYPE =
            Pattern.compile("# TYPE (" + NAME + ") (counter|gauge|histogram|summary|untyped)");

    /** The families read, in order, with their types. */
    final Map<String, String> types = new LinkedHashMap<>();
    /** The samples by series (name and labels as written). */
    final Map<String, String> samples = new HashMap<>();

    private ExpositionParser() {
    }

    static ExpositionParser parse(String text) {
        ExpositionParser p = new ExpositionParser();
        p.read(text);
        return p;
    }

    private String family(String sample) {
        if (types.containsKey(sample)) {
            return sample;
        }
        for (String suffix : new String[]{"_bucket", "_sum", "_count"}) {
            String f = sample.endsWith(suffix) ? sample.substring(0, sample.length() - suffix.length()) : null;
            if (f != null && "histogram".equals(types.get(f))) {
                return f;
            }
        }
        return sample;
    }

    private void read(String text) {
        assertTrue("ends with a newline", text.endsWith("\n"));
        Set<String> helped = new HashSet<>();
        Set<String> finished = new HashSet<>();
        String current = null;
        int n = 0;
        for (String line : text.split("\n", -1)) {
            n++;
            if (line.isEmpty() && n > 1) {
                continue;
            }
            Matcher help = HELP.matcher(line);
            Matcher type = TYPE.matcher(line);
            Matcher m = SAMPLE.matcher(line);
            if (help.matches()) {
                String f = help.group(1);
                assertTrue("line " + n + ": second HELP for " + f, helped.add(f));
                assertFalse("line " + n + ": HELP after samples of " + f, finished.contains(f));
                if (current != null && !current.equals(f)) {
                    finished.add(current);
                }
                current = f;
            } else if (type.matches()) {
                String f = type.group(1);
                assertTrue("line " + n + ": second TYPE for " + f, types.put(f, type.group(2)) == null);
                assertTrue("line " + n + ": TYPE of " + f + " must follow its HELP", f.equals(current));
            } else if (m.matches()) {
                String f = family(m.group(1));
                assertTrue("line " + n + ": sample of " + f + " outside its family (" + current + ")",
                           f.equals(current));
                assertTrue("line " + n + ": " + f + " has no TYPE", types.containsKey(f));
                String series = m.group(1) + (m.group(2) == null ? "" : m.group(2));
                assertTrue("line " + n + ": series repeated: " + series, samples.put(series, m.group(3)) == null);
            } else {
                fail("line " + n + " is not valid exposition format: '" + line + "'");
            }
        }
        assertEquals("every family has HELP and TYPE", helped, types.keySet());
    }
}

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
package org.p4slice.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A table printed with aligned, left-justified columns separated by two spaces; the last column
 * is not padded, so no line ends with blanks. A row may be followed by a note line, indented by
 * four spaces and outside the columns.
 */
final class TextTable {

    private static final String NOTE_INDENT = "    ";

    private final List<String[]> rows = new ArrayList<>();
    private final Map<Integer, String> notes = new HashMap<>();
    private final int columns;

    /**
     * Creates a table.
     *
     * @param headers column headers
     */
    TextTable(String... headers) {
        this.columns = headers.length;
        rows.add(headers.clone());
    }

    /**
     * Adds a row.
     *
     * @param cells one value per column
     * @return this table
     */
    TextTable row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalStateException("a row of this table has " + columns + " cells, got " + cells.length);
        }
        rows.add(Arrays.stream(cells).map(String::valueOf).toArray(String[]::new));
        return this;
    }

    /**
     * Puts a note line under the last row added (replacing any note it has).
     *
     * @param note text, e.g. {@code reason: ...}
     * @return this table
     */
    TextTable note(String note) {
        if (rows.size() < 2) {
            throw new IllegalStateException("a note follows a row; this table has none yet");
        }
        notes.put(rows.size() - 1, NOTE_INDENT + note);
        return this;
    }

    /**
     * Returns the table's lines, the header first, each row followed by its note if it has one.
     *
     * @return lines
     */
    List<String> lines() {
        int[] widths = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], r[i].length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (int k = 0; k < rows.size(); k++) {
            String[] r = rows.get(k);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                sb.append(r[i]);
                if (i < columns - 1) {
                    sb.append(" ".repeat(widths[i] - r[i].length() + 2));
                }
            }
            lines.add(sb.toString().stripTrailing());
            if (notes.containsKey(k)) {
                lines.add(notes.get(k));
            }
        }
        return lines;
    }
}

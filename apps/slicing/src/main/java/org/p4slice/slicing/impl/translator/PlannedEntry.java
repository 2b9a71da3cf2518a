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
package org.p4slice.slicing.impl.translator;

import com.google.common.base.MoreObjects;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One table entry of a plan: table, match key, action and priority.
 * <p>
 * Match values and action parameters are byte sequences already fitted to the bit widths of the
 * p4slice pipeline, i.e. exactly what ONOS's PI flow-rule translator produces from them.
 */
public final class PlannedEntry {

    private final PiTableId table;
    private final PiCriterion match;
    private final PiAction action;
    private final int priority;

    private PlannedEntry(PiTableId table, PiCriterion match, PiAction action, int priority) {
        this.table = checkNotNull(table, "table must not be null");
        this.match = checkNotNull(match, "match must not be null");
        this.action = checkNotNull(action, "action must not be null");
        checkArgument(priority >= 0, "priority must be >= 0, got %s", priority);
        this.priority = priority;
    }

    /**
     * Returns a planned entry.
     *
     * @param table    table
     * @param match    match key
     * @param action   action with parameters
     * @param priority priority; 0 for tables whose keys are all exact
     * @return entry
     */
    public static PlannedEntry of(PiTableId table, PiCriterion match, PiAction action, int priority) {
        return new PlannedEntry(table, match, action, priority);
    }

    /**
     * Returns the table.
     *
     * @return table id
     */
    public PiTableId table() {
        return table;
    }

    /**
     * Returns the match key.
     *
     * @return PI criterion
     */
    public PiCriterion match() {
        return match;
    }

    /**
     * Returns the action.
     *
     * @return PI action
     */
    public PiAction action() {
        return action;
    }

    /**
     * Returns the priority (0 for exact-only tables).
     *
     * @return priority
     */
    public int priority() {
        return priority;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PlannedEntry)) {
            return false;
        }
        PlannedEntry that = (PlannedEntry) o;
        return priority == that.priority && table.equals(that.table) && match.equals(that.match)
                && action.equals(that.action);
    }

    @Override
    public int hashCode() {
        return Objects.hash(table, match, action, priority);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("table", table).add("match", "[" + match + "]").add("action", action)
                .add("priority", priority).toString();
    }
}

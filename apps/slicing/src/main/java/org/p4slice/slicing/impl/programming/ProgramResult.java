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
package org.p4slice.slicing.impl.programming;

import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The outcome of device work for a slice, from the {@link DeviceWriter} up to the slice's state:
 * success, or failure with the reason. {@link #applyTo} is the one place a slice's state and
 * reason are made from it.
 */
public final class ProgramResult {

    private static final ProgramResult SUCCESS = new ProgramResult(null);

    private final String reason;

    private ProgramResult(String reason) {
        this.reason = reason;
    }

    /**
     * Returns the successful result.
     *
     * @return success
     */
    public static ProgramResult success() {
        return SUCCESS;
    }

    /**
     * Returns a failed result.
     *
     * @param reason what failed and why
     * @return failure
     */
    public static ProgramResult failure(String reason) {
        checkArgument(reason != null && !reason.isEmpty(), "a failure needs a reason");
        return new ProgramResult(reason);
    }

    /**
     * Returns the outcome of a slice's device work from the problems it met.
     *
     * @param sliceId  slice
     * @param problems each part that failed, with why; none on success
     * @return success if there are none, else a failure naming the slice and every problem
     */
    public static ProgramResult of(SliceId sliceId, List<String> problems) {
        return problems.isEmpty() ? SUCCESS : failure("slice " + sliceId + ": " + String.join("; ", problems));
    }

    /**
     * Returns the outcome of several pieces of work: success if all succeeded, else a failure
     * with each distinct reason, in order.
     *
     * @param results outcomes
     * @return joined outcome
     */
    public static ProgramResult all(List<ProgramResult> results) {
        List<String> reasons = results.stream().flatMap(r -> r.reason().stream()).distinct()
                .collect(Collectors.toList());
        return reasons.isEmpty() ? SUCCESS : failure(String.join("; ", reasons));
    }

    /**
     * Returns the slice with the state and reason this outcome gives it: ACTIVE, or FAILED with
     * the reason.
     *
     * @param slice slice the work was for
     * @return the slice, ACTIVE or FAILED
     */
    public Slice applyTo(Slice slice) {
        return slice.withState(ok() ? SliceState.ACTIVE : SliceState.FAILED, reason);
    }

    /**
     * Tells whether the operation succeeded.
     *
     * @return true on success
     */
    public boolean ok() {
        return reason == null;
    }

    /**
     * Returns why the operation failed.
     *
     * @return reason, empty on success
     */
    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof ProgramResult && Objects.equals(reason, ((ProgramResult) o).reason);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(reason);
    }

    @Override
    public String toString() {
        return ok() ? "ProgramResult{ok}" : "ProgramResult{failed: " + reason + "}";
    }
}

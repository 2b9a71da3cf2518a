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

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Outcome of applying or removing a slice plan: success, or failure with the reason.
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

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
package org.p4slice.slicing.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What one device holds of one slice, as its master last wrote it: the shape it was asked to hold
 * ({@link DeviceShape}), the outcome as a state — ACTIVE (the device holds all of it), FAILED (with
 * the reason) or RELEASING (the device holds none of it any more) — and when it was recorded.
 */
public final class DeviceOutcome {

    private final DeviceShape shape;
    private final SliceState state;
    private final String reason;
    private final long updated;

    private DeviceOutcome(DeviceShape shape, SliceState state, String reason, long updated) {
        this.shape = checkNotNull(shape, "shape must not be null");
        this.state = checkNotNull(state, "state must not be null");
        checkArgument(state == SliceState.ACTIVE || state == SliceState.FAILED || state == SliceState.RELEASING,
                      "a device outcome is ACTIVE, FAILED or RELEASING, not %s", state);
        checkArgument(state != SliceState.FAILED || reason != null, "a FAILED outcome needs a reason");
        this.reason = state == SliceState.FAILED ? reason : null;
        this.updated = updated;
    }

    /**
     * Returns an outcome.
     *
     * @param shape   what the device was asked to hold
     * @param state   ACTIVE, FAILED or RELEASING
     * @param reason  why it failed (FAILED only; ignored otherwise)
     * @param updated when it was recorded, in ms since the epoch (wall clock)
     * @return outcome
     */
    public static DeviceOutcome of(DeviceShape shape, SliceState state, String reason, long updated) {
        return new DeviceOutcome(shape, state, reason, updated);
    }

    /**
     * Returns what the device was asked to hold.
     *
     * @return shape
     */
    public DeviceShape shape() {
        return shape;
    }

    /**
     * Returns the outcome.
     *
     * @return ACTIVE, FAILED or RELEASING
     */
    public SliceState state() {
        return state;
    }

    /**
     * Returns why the device failed to take the slice.
     *
     * @return the reason of a FAILED outcome, else empty
     */
    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    /**
     * Returns when the outcome was recorded.
     *
     * @return ms since the epoch (wall clock of the instance that recorded it)
     */
    public long updated() {
        return updated;
    }

    /**
     * Tells whether this outcome is for the slice's current version.
     *
     * @param slice the slice as stored
     * @return true if the shape's fingerprint is the slice's
     */
    public boolean isFor(Slice slice) {
        return shape.isOf(slice);
    }

    /**
     * Tells whether two outcomes say the same, whenever they were recorded.
     *
     * @param other another outcome
     * @return true if shape, state and reason are equal
     */
    public boolean sameAs(DeviceOutcome other) {
        return other != null && shape.equals(other.shape) && state == other.state
                && Objects.equals(reason, other.reason);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DeviceOutcome)) {
            return false;
        }
        DeviceOutcome that = (DeviceOutcome) o;
        return sameAs(that) && updated == that.updated;
    }

    @Override
    public int hashCode() {
        return Objects.hash(shape, state, reason, updated);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("shape", shape).add("state", state)
                .add("reason", reason).add("updated", updated).toString();
    }
}

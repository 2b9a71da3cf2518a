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
package org.p4slice.pipeconf;

import com.google.common.base.MoreObjects;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Packet and byte counts of one slice on one device, as read from the per-slice counters
 * {@code slice_rx_counter}, {@code slice_drop_counter} and {@code slice_tx_counter}: the one type of
 * a counter reading (the slicing app's statistics hold it as read, or summed over a slice's devices
 * with {@link #plus(SliceCounterValues)}).
 * <p>
 * Immutable. All values are cumulative since the cell was last reset (by
 * {@link SliceCounters#reset(int)} or by a pipeline reload); they are never negative.
 */
public final class SliceCounterValues {

    /** All six counts zero (a slice that has seen no traffic, or a cell just reset). */
    public static final SliceCounterValues ZERO = new SliceCounterValues(0, 0, 0, 0, 0, 0);

    private final long rxPackets;
    private final long rxBytes;
    private final long dropPackets;
    private final long dropBytes;
    private final long txPackets;
    private final long txBytes;

    /**
     * Creates the counts of one slice.
     *
     * @param rxPackets   packets classified into the slice, before the meter
     * @param rxBytes     bytes classified into the slice, before the meter
     * @param dropPackets packets of the slice dropped by its meter (above quota)
     * @param dropBytes   bytes of the slice dropped by its meter (above quota)
     * @param txPackets   packets that left the switch for the slice
     * @param txBytes     bytes that left the switch for the slice
     * @throws IllegalArgumentException if a value is negative
     */
    public SliceCounterValues(long rxPackets, long rxBytes, long dropPackets, long dropBytes,
                              long txPackets, long txBytes) {
        this.rxPackets = nonNegative("rxPackets", rxPackets);
        this.rxBytes = nonNegative("rxBytes", rxBytes);
        this.dropPackets = nonNegative("dropPackets", dropPackets);
        this.dropBytes = nonNegative("dropBytes", dropBytes);
        this.txPackets = nonNegative("txPackets", txPackets);
        this.txBytes = nonNegative("txBytes", txBytes);
    }

    private static long nonNegative(String name, long value) {
        checkArgument(value >= 0, "%s must not be negative, got %s", name, value);
        return value;
    }

    /**
     * Returns the packets classified into the slice (offered load), counted before the meter.
     *
     * @return packet count
     */
    public long rxPackets() {
        return rxPackets;
    }

    /**
     * Returns the bytes classified into the slice (offered load), counted before the meter.
     *
     * @return byte count
     */
    public long rxBytes() {
        return rxBytes;
    }

    /**
     * Returns the packets of the slice dropped by its meter (above quota).
     *
     * @return packet count
     */
    public long dropPackets() {
        return dropPackets;
    }

    /**
     * Returns the bytes of the slice dropped by its meter (above quota).
     *
     * @return byte count
     */
    public long dropBytes() {
        return dropBytes;
    }

    /**
     * Returns the packets that left the switch for the slice (delivered load, every copy counted).
     *
     * @return packet count
     */
    public long txPackets() {
        return txPackets;
    }

    /**
     * Returns the bytes that left the switch for the slice (delivered load, every copy counted).
     *
     * @return byte count
     */
    public long txBytes() {
        return txBytes;
    }

    /**
     * Returns the sum of these counts and another's (a slice's counts over several devices); a sum
     * beyond {@code Long.MAX_VALUE} stays at {@code Long.MAX_VALUE}.
     *
     * @param other other counts
     * @return the sums
     */
    public SliceCounterValues plus(SliceCounterValues other) {
        return new SliceCounterValues(add(rxPackets, other.rxPackets), add(rxBytes, other.rxBytes),
                                      add(dropPackets, other.dropPackets), add(dropBytes, other.dropBytes),
                                      add(txPackets, other.txPackets), add(txBytes, other.txBytes));
    }

    private static long add(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    /**
     * Returns true if every count is zero.
     *
     * @return true if nothing was counted
     */
    public boolean isZero() {
        return equals(ZERO);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SliceCounterValues)) {
            return false;
        }
        SliceCounterValues that = (SliceCounterValues) o;
        return rxPackets == that.rxPackets && rxBytes == that.rxBytes
                && dropPackets == that.dropPackets && dropBytes == that.dropBytes
                && txPackets == that.txPackets && txBytes == that.txBytes;
    }

    @Override
    public int hashCode() {
        return Objects.hash(rxPackets, rxBytes, dropPackets, dropBytes, txPackets, txBytes);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("rxPackets", rxPackets)
                .add("rxBytes", rxBytes)
                .add("dropPackets", dropPackets)
                .add("dropBytes", dropBytes)
                .add("txPackets", txPackets)
                .add("txBytes", txBytes)
                .toString();
    }
}

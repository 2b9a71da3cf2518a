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
import org.onosproject.net.pi.model.PiMeterId;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Configuration of one cell of an indirect two-rate three-colour meter, in the units P4Runtime
 * uses for a byte meter: rates in bytes per second, bursts in bytes.
 */
public final class PlannedMeter {

    private final PiMeterId meter;
    private final long index;
    private final long cir;
    private final long cburst;
    private final long pir;
    private final long pburst;

    private PlannedMeter(PiMeterId meter, long index, long cir, long cburst, long pir, long pburst) {
        this.meter = checkNotNull(meter, "meter must not be null");
        checkArgument(index >= 0, "meter index must be >= 0, got %s", index);
        checkArgument(cir > 0 && pir > 0, "meter rates must be > 0, got cir=%s pir=%s", cir, pir);
        checkArgument(cburst > 0 && pburst > 0, "meter bursts must be > 0, got cburst=%s pburst=%s",
                      cburst, pburst);
        checkArgument(pir >= cir, "meter pir must be >= cir, got cir=%s pir=%s", cir, pir);
        this.index = index;
        this.cir = cir;
        this.cburst = cburst;
        this.pir = pir;
        this.pburst = pburst;
    }

    /**
     * Returns a meter cell configuration.
     *
     * @param meter  meter
     * @param index  cell index
     * @param cir    committed rate, bytes/s
     * @param cburst committed burst, bytes
     * @param pir    peak rate, bytes/s (&gt;= cir)
     * @param pburst peak burst, bytes
     * @return meter cell configuration
     */
    public static PlannedMeter of(PiMeterId meter, long index, long cir, long cburst, long pir, long pburst) {
        return new PlannedMeter(meter, index, cir, cburst, pir, pburst);
    }

    /**
     * Returns the meter.
     *
     * @return PI meter id
     */
    public PiMeterId meter() {
        return meter;
    }

    /**
     * Returns the cell index (the slice id).
     *
     * @return index
     */
    public long index() {
        return index;
    }

    /**
     * Returns the committed information rate.
     *
     * @return bytes per second
     */
    public long cir() {
        return cir;
    }

    /**
     * Returns the committed burst size.
     *
     * @return bytes
     */
    public long cburst() {
        return cburst;
    }

    /**
     * Returns the peak information rate.
     *
     * @return bytes per second
     */
    public long pir() {
        return pir;
    }

    /**
     * Returns the peak burst size.
     *
     * @return bytes
     */
    public long pburst() {
        return pburst;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PlannedMeter)) {
            return false;
        }
        PlannedMeter that = (PlannedMeter) o;
        return index == that.index && cir == that.cir && cburst == that.cburst && pir == that.pir
                && pburst == that.pburst && meter.equals(that.meter);
    }

    @Override
    public int hashCode() {
        return Objects.hash(meter, index, cir, cburst, pir, pburst);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("meter", meter).add("index", index).add("cir", cir).add("cburst", cburst)
                .add("pir", pir).add("pburst", pburst).toString();
    }
}

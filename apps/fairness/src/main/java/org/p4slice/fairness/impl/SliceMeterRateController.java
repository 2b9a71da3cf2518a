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
package org.p4slice.fairness.impl;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.fairness.api.MeterRateController;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceAdminService;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Sets a slice's meter rate through the slicing app ({@link SliceAdminService#setMeterRate}),
 * which keeps the rate in the cluster's store and writes the slice's meter cells (CIR = PIR =
 * rate / 8 bytes per second rounded up, bursts unchanged), exactly as it writes the quota. The
 * rate therefore survives a change of the enforcing instance, and a reprogramming of the slice
 * keeps it.
 */
@Component(immediate = true, service = MeterRateController.class)
public class SliceMeterRateController implements MeterRateController {

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceAdminService sliceService;

    @Override
    public void setRate(Slice slice, long rateBps) {
        checkNotNull(slice, "slice must not be null");
        checkArgument(rateBps > 0, "meter rate of slice %s must be > 0 bit/s, got %s", slice.id().id(), rateBps);
        try {
            sliceService.setMeterRate(slice.id(), rateBps);
        } catch (RuntimeException e) {
            throw new IllegalStateException("meter rate of slice " + slice.id().id() + " refused: " + e.getMessage(),
                                            e);
        }
    }
}

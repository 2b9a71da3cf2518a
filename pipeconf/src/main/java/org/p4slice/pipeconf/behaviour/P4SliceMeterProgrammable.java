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
package org.p4slice.pipeconf.behaviour;

import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterFeatures;
import org.onosproject.net.meter.MeterOperation;
import org.onosproject.net.meter.MeterProgrammable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_METER;

/**
 * The p4slice pipeline's answer to ONOS's meter subsystem: it has no meter for ONOS to manage.
 * <p>
 * Its one meter, {@code slice_meter}, belongs to the slicing app, which writes and reads its
 * cells itself ({@link org.p4slice.pipeconf.SliceMeterCells}). ONOS 2.7's P4Runtime
 * {@code MeterProgrammable} would, at every meter poll, reset to the default every cell whose
 * configuration ONOS did not write itself (or reads back a unit off, as bmv2 does), i.e. lift
 * every slice's quota. This behaviour, which the pipeconf puts in place of the driver's, reports
 * no meters and no meter features (so ONOS allocates no cell of it) and refuses meter operations.
 */
public class P4SliceMeterProgrammable extends AbstractHandlerBehaviour implements MeterProgrammable {

    private final Logger log = LoggerFactory.getLogger(getClass());

    @Override
    public CompletableFuture<Boolean> performMeterOperation(MeterOperation meterOp) {
        log.warn("Refusing {} of meter {} on {}: the cells of {} belong to the p4slice slicing app",
                 meterOp.type(), meterOp.meter().meterCellId(), data().deviceId(), INGRESS_SLICE_METER);
        return CompletableFuture.completedFuture(false);
    }

    @Override
    public CompletableFuture<Collection<Meter>> getMeters() {
        return CompletableFuture.completedFuture(List.of());
    }

    @Override
    public CompletableFuture<Collection<MeterFeatures>> getMeterFeatures() {
        return CompletableFuture.completedFuture(List.of());
    }
}

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

import com.google.common.collect.ImmutableList;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterScope;
import org.onosproject.net.meter.MeterService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.fairness.api.MeterRateController;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SlicingConfig;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_METER;

/**
 * Sets a slice's meter rate through ONOS's {@link MeterService}: re-submits the slice's cell of
 * the per-slice meter (same application, scope and user-defined index as the slicing app's
 * programmer, so ONOS updates the meter it already holds) with CIR = PIR = rate / 8 bytes per
 * second rounded up and CBS = PBS = the slice's burst, exactly as the slicing app writes the quota.
 */
@Component(immediate = true, service = MeterRateController.class)
public class MeterServiceRateController implements MeterRateController {

    private static final long BITS_PER_BYTE = 8;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MeterService meterService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    private ApplicationId appId;

    @Activate
    protected void activate() {
        appId = coreService.registerApplication(SlicingConfig.APP_NAME);
    }

    @Override
    public void setRate(Slice slice, long rateBps) {
        checkNotNull(slice, "slice must not be null");
        checkArgument(rateBps > 0, "meter rate of slice %s must be > 0 bit/s, got %s", slice.id().id(), rateBps);
        long bytesPerSecond = (rateBps + BITS_PER_BYTE - 1) / BITS_PER_BYTE;
        for (DeviceId device : slice.devices()) {
            MeterRequest request = request(appId, device, slice.id().id(), bytesPerSecond, slice.burstBytes());
            try {
                meterService.submit(request);
            } catch (RuntimeException e) {
                throw new IllegalStateException("meter of slice " + slice.id().id() + " on " + device
                                                        + " refused by ONOS: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Returns the request that sets one slice's meter cell on one device.
     *
     * @param appId          application
     * @param device         device
     * @param sliceId        slice id (the cell index)
     * @param bytesPerSecond CIR = PIR
     * @param burstBytes     CBS = PBS
     * @return meter request (add: ONOS adds or updates the cell)
     */
    static MeterRequest request(ApplicationId appId, DeviceId device, int sliceId, long bytesPerSecond,
                                long burstBytes) {
        return DefaultMeterRequest.builder()
                .forDevice(device)
                .fromApp(appId)
                .withUnit(Meter.Unit.BYTES_PER_SEC)
                .burst()
                .withBands(ImmutableList.of(
                        DefaultBand.builder().ofType(Band.Type.MARK_YELLOW).withRate(bytesPerSecond)
                                .burstSize(burstBytes).build(),
                        DefaultBand.builder().ofType(Band.Type.MARK_RED).withRate(bytesPerSecond)
                                .burstSize(burstBytes).build()))
                .withScope(MeterScope.of(INGRESS_SLICE_METER.id()))
                .withIndex((long) sliceId)
                .add();
    }
}

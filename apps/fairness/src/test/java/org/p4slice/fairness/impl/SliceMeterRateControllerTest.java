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

import org.junit.Before;
import org.junit.Test;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterServiceAdapter;
import org.p4slice.pipeconf.P4SliceConstants;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SlicingConfig;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.fairness.impl.FakeTestbed.M;
import static org.p4slice.fairness.impl.FakeTestbed.S1;
import static org.p4slice.fairness.impl.FakeTestbed.cp;
import static org.p4slice.fairness.impl.FakeTestbed.slice;

/**
 * The meter requests that set a slice's rate: the slicing app's cell, with the new rate.
 */
public class MeterServiceRateControllerTest {

    private final List<MeterRequest> submitted = new ArrayList<>();
    private final List<String> appNames = new ArrayList<>();
    private MeterServiceRateController controller;
    private String refusal;

    @Before
    public void setUp() {
        controller = new MeterServiceRateController();
        controller.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                appNames.add(name);
                return new DefaultApplicationId(42, name);
            }
        };
        controller.meterService = new MeterServiceAdapter() {
            @Override
            public Meter submit(MeterRequest meter) {
                if (refusal != null) {
                    throw new IllegalArgumentException(refusal);
                }
                submitted.add(meter);
                return null;
            }
        };
        controller.activate();
    }

    @Test
    public void rewritesTheSlicesMeterCellWithTheNewRate() {
        Slice s = slice(10, 40 * M, cp(S1, 1), cp(S1, 3));
        controller.setRate(s, 76_000_001L);
        assertEquals(List.of(SlicingConfig.APP_NAME), appNames);
        assertEquals(1, submitted.size());
        MeterRequest r = submitted.get(0);
        assertEquals(S1, r.deviceId());
        assertEquals(SlicingConfig.APP_NAME, r.appId().name());
        assertEquals(Meter.Unit.BYTES_PER_SEC, r.unit());
        assertTrue(r.isBurst());
        assertEquals(P4SliceConstants.INGRESS_SLICE_METER.id(), r.scope().id());
        assertEquals(Long.valueOf(10), r.index().orElseThrow());
        assertEquals(2, r.bands().size());
        for (Band b : r.bands()) {
            // 76,000,001 bit/s = 9,500,000.125 bytes/s, rounded up as the translator does
            assertEquals(9_500_001L, b.rate());
            assertEquals(Long.valueOf(65536), b.burst());
        }
        assertEquals(Band.Type.MARK_YELLOW, r.bands().iterator().next().type());
    }

    @Test
    public void refusalsAreReportedWithTheSliceAndDevice() {
        refusal = "Index cannot be provided when userDefinedIndex mode is disabled";
        try {
            controller.setRate(slice(10, 40 * M, cp(S1, 1)), 10 * M);
            fail("expected IllegalStateException");
        } catch (IllegalStateException e) {
            assertEquals("meter of slice 10 on device:bmv2:s1 refused by ONOS: " + refusal, e.getMessage());
        }
        FairnessMathTest.expectIllegal(() -> controller.setRate(slice(10, 40 * M, cp(S1, 1)), 0),
                                       "meter rate of slice 10 must be > 0 bit/s, got 0");
    }
}

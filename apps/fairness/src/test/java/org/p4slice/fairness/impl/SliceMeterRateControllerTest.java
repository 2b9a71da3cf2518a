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

import org.p4slice.slicing.api.SlicingException;
import org.junit.Before;
import org.junit.Test;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceAdminService;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.fairness.impl.FakeTestbed.M;
import static org.p4slice.fairness.impl.FakeTestbed.S1;
import static org.p4slice.fairness.impl.FakeTestbed.cp;
import static org.p4slice.fairness.impl.FakeTestbed.slice;

/**
 * A slice's rate goes to the slicing app, which stores it and writes the meter cells.
 */
public class SliceMeterRateControllerTest {

    private final List<String> calls = new ArrayList<>();
    private SliceMeterRateController controller;
    private RuntimeException refusal;

    @Before
    public void setUp() {
        controller = new SliceMeterRateController();
        controller.sliceService = (SliceAdminService) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[]{SliceAdminService.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("setMeterRate")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    if (refusal != null) {
                        throw refusal;
                    }
                    calls.add(args[0] + "=" + args[1]);
                    return null;
                });
    }

    @Test
    public void setsTheSlicesMeterRateInTheSlicingApp() {
        Slice s = slice(10, 40 * M, cp(S1, 1), cp(S1, 3));
        controller.setRate(s, 76_000_001L);
        assertEquals(List.of("10=76000001"), calls);
    }

    @Test
    public void refusalsAreReportedWithTheSlice() {
        refusal = SlicingException.notFound("no slice with id 10");
        try {
            controller.setRate(slice(10, 40 * M, cp(S1, 1)), 10 * M);
            fail("expected IllegalStateException");
        } catch (IllegalStateException e) {
            assertEquals("meter rate of slice 10 refused: no slice with id 10", e.getMessage());
        }
        refusal = null;
        FairnessMathTest.expectIllegal(() -> controller.setRate(slice(10, 40 * M, cp(S1, 1)), 0),
                                       "meter rate of slice 10 must be > 0 bit/s, got 0");
        assertEquals(List.of(), calls);
    }
}

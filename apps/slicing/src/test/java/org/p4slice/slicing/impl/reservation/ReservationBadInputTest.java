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
package org.p4slice.slicing.impl.reservation;

import org.p4slice.testbed.InputSpecs;
import org.p4slice.testbed.ReservationTestbed;
import org.p4slice.testbed.SlicingTestbed;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.InvalidInputs;

import java.time.Instant;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * Bad bookings: each is refused with a precise message and changes nothing (no reservation, no
 * event, no slice, no device programming). The bookings, the setup each needs and their refusals
 * are the {@code reservations} cases of {@code invalid-inputs.json}.
 */
@RunWith(Parameterized.class)
public class ReservationBadInputTest {

    @Parameterized.Parameters(name = "{0}")
    public static List<Object[]> cases() {
        return InvalidInputs.cases(ReservationBadInputTest.class, "/org/p4slice/slicing/invalid-inputs.json",
                                   "reservations");
    }

    private final JsonNode input;

    private SlicingTestbed slicing;
    private ReservationTestbed bed;

    /**
     * Runs one case.
     *
     * @param name  case name
     * @param input setup, booking, kind and message
     */
    public ReservationBadInputTest(String name, JsonNode input) {
        this.input = input;
    }

    @Before
    public void setUp() {
        slicing = new SlicingTestbed();
        slicing.addSwitch("s1", 4, 100);
        slicing.addSwitch("s2", 4, 100);
        bed = new ReservationTestbed(slicing);
        bed.start();
        InputSpecs.setup(slicing, input.path("setup"));
    }

    @After
    public void tearDown() {
        bed.stopReservations();
        slicing.stop();
    }

    private static ReservationRequest booking(JsonNode spec) {
        return ReservationRequest.of(TenantId.of(spec.get("tenant").asText()),
                                     InputSpecs.request(spec.get("slice")).build(),
                                     Instant.parse(spec.get("start").asText()),
                                     Instant.parse(spec.get("end").asText()));
    }

    @Test
    public void isRefusedAndChangesNothing() {
        int flowOps = slicing.flows.operations().size();
        try {
            bed.manager.reserve(booking(input.get("request")));
            fail("expected " + input.get("message").asText());
        } catch (SlicingException e) {
            assertEquals(input.get("kind").asText(), e.kind().name());
            assertEquals(input.get("message").asText(), e.getMessage());
        }
        assertEquals(List.of(), bed.manager.getReservations());
        assertEquals(List.of(), bed.events);
        assertEquals(0, slicing.manager.getSlices().size());
        assertEquals(flowOps, slicing.flows.operations().size());
        // nothing was handed to the scheduler: only its periodic tick runs
        assertEquals(1, bed.executor.runDue());
    }
}

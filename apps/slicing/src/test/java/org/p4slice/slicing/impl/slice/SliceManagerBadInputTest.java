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
package org.p4slice.slicing.impl.slice;

import org.p4slice.testbed.InputSpecs;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.TwoSwitches;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.AdmissionRefusedException;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.testbed.InvalidInputs;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Every bad request is refused with the right kind and a precise message, and changes nothing:
 * the store (slices, VLANs, access ports) is as before, no event is posted, and the flow rule,
 * meter and group services under the device programmer see no operation. The requests, the setup
 * each needs and their refusals are the {@code sliceManager} cases of {@code invalid-inputs.json}.
 */
@RunWith(Parameterized.class)
public class SliceManagerBadInputTest {


    @Parameterized.Parameters(name = "{0}")
    public static List<Object[]> cases() {
        return InvalidInputs.cases(SliceManagerBadInputTest.class, "/org/p4slice/slicing/invalid-inputs.json",
                                   "sliceManager");
    }

    private final JsonNode input;

    private SlicingTestbed bed;
    private Slice lab1;
    private Slice lab2;

    private Set<Slice> slicesBefore;
    private Map<VlanId, SliceId> vlansBefore;
    private Map<ConnectPoint, SliceId> portsBefore;

    /**
     * Runs one case.
     *
     * @param name  case name
     * @param input setup, operation, request, kind and message
     */
    public SliceManagerBadInputTest(String name, JsonNode input) {
        this.input = input;
    }

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        TwoSwitches net = TwoSwitches.addTo(bed);
        DeviceId s1 = net.s1;
        DeviceId s2 = net.s2;
        bed.start();
        // slice 1: access s1/1, VLAN 100; slice 2: trunk s1/3 and access s2/1 across the link
        lab1 = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1))).quotaBps(100_000_000L).build());
        lab2 = bed.manager.createSlice(request("lab2", Endpoint.trunk(cp(s1, 3)), Endpoint.access(cp(s2, 1)))
                                               .quotaBps(200_000_000L).build());
        assertEquals(SliceState.ACTIVE, lab1.state());
        assertEquals(SliceState.ACTIVE, lab2.state());
        InputSpecs.setup(bed, input.path("setup"));
        snapshot();
    }

    private void snapshot() {
        bed.clearRecords();
        slicesBefore = bed.manager.getSlices();
        vlansBefore = bed.store.getVlanAllocations();
        portsBefore = bed.store.getAccessPortAllocations();
    }

    private void assertNothingChanged() {
        assertEquals("slices changed", slicesBefore, bed.manager.getSlices());
        assertEquals("VLAN allocations changed", vlansBefore, bed.store.getVlanAllocations());
        assertEquals("access port allocations changed", portsBefore, bed.store.getAccessPortAllocations());
        assertEquals("events posted", List.of(), bed.events);
        assertEquals("flow rule operations", List.of(), bed.flows.operations());
        assertEquals("meter operations", List.of(), bed.meters.operations());
        assertEquals("group operations", List.of(), bed.groups.operations());
        bed.counters.values().forEach(c -> assertEquals("counter resets", List.of(), c.resets));
    }

    private void run() {
        String op = input.get("op").asText();
        switch (op) {
            case "create":
                bed.manager.createSlice(InputSpecs.request(input.get("request")).build());
                break;
            case "update":
                bed.manager.updateSlice(SliceId.of(input.get("slice").asInt()),
                                        InputSpecs.request(input.get("request")).build());
                break;
            case "remove":
                bed.manager.removeSlice(SliceId.of(input.get("slice").asInt()));
                break;
            default:
                throw new IllegalArgumentException("unknown op " + op);
        }
    }

    @Test
    public void isRefusedAndChangesNothing() {
        try {
            run();
            fail("accepted: " + input);
        } catch (SlicingException e) {
            assertEquals(input.get("message").asText(), e.getMessage());
            assertEquals(Kind.valueOf(input.get("kind").asText()), e.kind());
            // what a tenant's user is told: listed for every case, the same kind, no other slice named
            assertTrue("no tenantMessage in the fixture", input.has("tenantMessage"));
            assertEquals(input.get("tenantMessage").asText(), e.forTenant().getMessage());
            assertEquals(e.kind(), e.forTenant().kind());
            JsonNode figures = input.path("admission");
            if (!figures.isMissingNode()) {
                AdmissionRefusedException a = (AdmissionRefusedException) e;
                assertEquals(figures.get("resource").asText(), a.resource());
                assertEquals(figures.get("capacityBps").asLong(), a.capacityBps());
                assertEquals(figures.get("allocatedBps").asLong(), a.allocatedBps());
                assertEquals(figures.get("requestedBps").asLong(), a.requestedBps());
                assertEquals(figures.get("shortfallBps").asLong(), a.shortfallBps());
            }
        }
        assertNothingChanged();
        // the slices that exist are intact, whatever was refused
        assertEquals(Set.of(lab1, lab2), bed.manager.getSlices());
        assertTrue(bed.manager.getSlices(ITB).contains(lab1));
        assertEquals(200_000_000L, bed.manager.getSlice(lab2.id()).get().quotaBps());
    }
}

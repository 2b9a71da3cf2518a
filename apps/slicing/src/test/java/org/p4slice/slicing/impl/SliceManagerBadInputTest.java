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
package org.p4slice.slicing.impl;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.p4slice.slicing.api.AdmissionRefusedException;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.slicing.api.TenantId;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.slicing.impl.SlicingTestbed.ITB;
import static org.p4slice.slicing.impl.SlicingTestbed.cp;
import static org.p4slice.slicing.impl.SlicingTestbed.request;

/**
 * Every bad request is refused with the right kind and a precise message, and changes nothing:
 * the store (slices, VLANs, access ports) is as before, no event is posted, and the flow rule,
 * meter and group services under the device programmer see no operation.
 */
public class SliceManagerBadInputTest {

    private static final long GBPS_IN_MBPS = 1000;

    private SlicingTestbed bed;
    private DeviceId s1;
    private DeviceId s2;
    private Slice lab1;
    private Slice lab2;

    private Set<Slice> slicesBefore;
    private Map<VlanId, SliceId> vlansBefore;
    private Map<ConnectPoint, SliceId> portsBefore;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        s1 = bed.addSwitch("s1", 8, GBPS_IN_MBPS);
        s2 = bed.addSwitch("s2", 8, GBPS_IN_MBPS);
        bed.connect(cp(s1, 8), cp(s2, 8));
        bed.start();
        // slice 1: access s1/1, VLAN 100; slice 2: trunk s1/3 and access s2/1 across the link
        lab1 = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1))).quotaBps(100_000_000L).build());
        lab2 = bed.manager.createSlice(request("lab2", Endpoint.trunk(cp(s1, 3)), Endpoint.access(cp(s2, 1)))
                                               .quotaBps(200_000_000L).build());
        assertEquals(SliceState.ACTIVE, lab1.state());
        assertEquals(SliceState.ACTIVE, lab2.state());
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

    private SlicingException refuseCreate(SliceRequest request, Kind kind, String message) {
        try {
            bed.manager.createSlice(request);
        } catch (SlicingException e) {
            assertEquals(message, e.getMessage());
            assertEquals(kind, e.kind());
            assertNothingChanged();
            return e;
        }
        fail("accepted: " + request);
        return null;
    }

    private void refuseUpdate(SliceId id, SliceRequest request, Kind kind, String message) {
        try {
            bed.manager.updateSlice(id, request);
        } catch (SlicingException e) {
            assertEquals(message, e.getMessage());
            assertEquals(kind, e.kind());
            assertNothingChanged();
            return;
        }
        fail("accepted: " + request);
    }

    private SliceRequest.Builder onS1Port2() {
        return request("new", Endpoint.access(cp(s1, 2)));
    }

    // --- VLAN -------------------------------------------------------------------------------

    @Test
    public void vlanZeroIsRefused() {
        refuseCreate(onS1Port2().vlan(VlanId.vlanId((short) 0)).build(), Kind.INVALID,
                     "VLAN 0 is the priority tag (untagged) and cannot be a slice VLAN; use 2..4094");
    }

    @Test
    public void vlanOneIsRefused() {
        refuseCreate(onS1Port2().vlan(VlanId.vlanId((short) 1)).build(), Kind.INVALID,
                     "VLAN 1 is the default VLAN and cannot be a slice VLAN; use 2..4094");
    }

    @Test
    public void vlan4095IsRefused() {
        refuseCreate(onS1Port2().vlan(VlanId.vlanId((short) 4095)).build(), Kind.INVALID,
                     "VLAN 4095 is reserved and cannot be a slice VLAN; use 2..4094");
    }

    @Test
    public void vlanNoneIsRefused() {
        refuseCreate(onS1Port2().vlan(VlanId.NONE).build(), Kind.INVALID, "VLAN must be in 2..4094, got None");
    }

    @Test
    public void vlanOutOfPoolIsRefused() {
        refuseCreate(onS1Port2().vlan(VlanId.vlanId((short) 50)).build(), Kind.INVALID,
                     "VLAN 50 is outside the VLAN pool 100-3999");
        refuseCreate(onS1Port2().vlan(VlanId.vlanId((short) 4000)).build(), Kind.INVALID,
                     "VLAN 4000 is outside the VLAN pool 100-3999");
    }

    @Test
    public void vlanTakenIsRefused() {
        refuseCreate(onS1Port2().vlan(lab1.vlan()).build(), Kind.CONFLICT,
                     "VLAN 100 is taken by slice 1 (itb/lab1)");
    }

    @Test
    public void exhaustedVlanPoolIsRefused() {
        bed.configure("{'vlanPool': '100-101'}");
        snapshot();
        refuseCreate(onS1Port2().build(), Kind.CONFLICT,
                     "no free VLAN: all 2 VLANs of the pool 100-101 are in use");
    }

    // --- quota and burst --------------------------------------------------------------------

    @Test
    public void zeroOrNegativeQuotaIsRefused() {
        refuseCreate(onS1Port2().quotaBps(0).build(), Kind.INVALID, "quotaBps must be > 0, got 0");
        refuseCreate(onS1Port2().quotaBps(-5).build(), Kind.INVALID, "quotaBps must be > 0, got -5");
    }

    @Test
    public void quotaAboveCapacityIsRefused() {
        refuseCreate(onS1Port2().quotaBps(1_000_000_001L).build(), Kind.INVALID,
                     "quotaBps 1000000001 exceeds the capacity 1000000000 bps of port device:bmv2:s1/2");
    }

    @Test
    public void quotaBeyondWhatIsLeftIsRefusedWithTheFigures() {
        // s1/3 carries lab2 (200 Mbps); usable 950 Mbps; 750 Mbps + 1 bit does not fit
        AdmissionRefusedException e = (AdmissionRefusedException) refuseCreate(
                request("big", Endpoint.trunk(cp(s1, 3))).quotaBps(750_000_001L).build(), Kind.ADMISSION_REFUSED,
                "admission refused on port device:bmv2:s1/3: capacity 1000000000 bps, usable 950000000 bps "
                        + "after the guard band, allocated 200000000 bps, requested 750000001 bps, short by 1 bps");
        assertEquals("port device:bmv2:s1/3", e.resource());
        assertEquals(1_000_000_000L, e.capacityBps());
        assertEquals(200_000_000L, e.allocatedBps());
        assertEquals(750_000_001L, e.requestedBps());
        assertEquals(1L, e.shortfallBps());
    }

    @Test
    public void linkWithoutRoomIsRefusedNamingTheLink() {
        // lab2 crosses s1/8-s2/8 with 200 Mbps
        refuseCreate(request("far", Endpoint.access(cp(s1, 4)), Endpoint.access(cp(s2, 4)))
                             .quotaBps(750_000_001L).build(), Kind.ADMISSION_REFUSED,
                     "admission refused on link device:bmv2:s1/8-device:bmv2:s2/8: capacity 1000000000 bps, "
                             + "usable 950000000 bps after the guard band, allocated 200000000 bps, "
                             + "requested 750000001 bps, short by 1 bps");
    }

    @Test
    public void zeroOrNegativeBurstIsRefused() {
        refuseCreate(onS1Port2().burstBytes(0).build(), Kind.INVALID, "burstBytes must be > 0, got 0");
        refuseCreate(onS1Port2().burstBytes(-1).build(), Kind.INVALID, "burstBytes must be > 0, got -1");
    }

    @Test
    public void portWithoutKnownCapacityIsRefused() {
        bed.devices.addPort(s1, 5, 0);
        refuseCreate(request("nospeed", Endpoint.access(cp(s1, 5))).build(), Kind.INVALID,
                     "port device:bmv2:s1/5 has no known capacity (the device reports no speed); "
                             + "set capacityOverrides in the p4slice netcfg");
    }

    // --- devices and ports ------------------------------------------------------------------

    @Test
    public void unknownDeviceIsRefused() {
        refuseCreate(request("x", Endpoint.access(cp(DeviceId.deviceId("device:bmv2:s9"), 1))).build(),
                     Kind.INVALID, "unknown device device:bmv2:s9");
    }

    @Test
    public void unknownPortIsRefused() {
        refuseCreate(request("x", Endpoint.access(cp(s1, 99))).build(), Kind.INVALID,
                     "unknown port 99 on device device:bmv2:s1");
    }

    @Test
    public void deviceWithoutPipeconfIsRefused() {
        DeviceId s3 = bed.addSwitch("s3", 4, GBPS_IN_MBPS, null);
        refuseCreate(request("x", Endpoint.access(cp(s3, 1))).build(), Kind.INVALID,
                     "device device:bmv2:s3 has no pipeconf; slices need the p4slice pipeconf org.p4slice.bmv2");
    }

    @Test
    public void deviceWithAnotherPipeconfIsRefused() {
        DeviceId s4 = bed.addSwitch("s4", 4, GBPS_IN_MBPS, new PiPipeconfId("org.onosproject.pipelines.basic"));
        refuseCreate(request("x", Endpoint.access(cp(s4, 1))).build(), Kind.INVALID,
                     "device device:bmv2:s4 runs pipeconf org.onosproject.pipelines.basic, "
                             + "not the p4slice pipeconf org.p4slice.bmv2");
    }

    @Test
    public void transitDeviceWithoutPipeconfIsRefused() {
        // s1 - s5 - s6, s5 runs another pipeline
        DeviceId s5 = bed.addSwitch("s5", 4, GBPS_IN_MBPS, new PiPipeconfId("org.onosproject.pipelines.basic"));
        DeviceId s6 = bed.addSwitch("s6", 4, GBPS_IN_MBPS);
        bed.connect(cp(s1, 7), cp(s5, 1));
        bed.connect(cp(s5, 2), cp(s6, 1));
        refuseCreate(request("x", Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s6, 2))).build(), Kind.INVALID,
                     "device device:bmv2:s5 runs pipeconf org.onosproject.pipelines.basic, "
                             + "not the p4slice pipeconf org.p4slice.bmv2");
    }

    @Test
    public void unconnectedDevicesAreRefused() {
        DeviceId s7 = bed.addSwitch("s7", 4, GBPS_IN_MBPS);
        refuseCreate(request("x", Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s7, 1))).build(), Kind.INVALID,
                     "devices device:bmv2:s1 and device:bmv2:s7 are not connected: no path between them "
                             + "in the topology");
    }

    @Test
    public void emptyEndpointsAreRefused() {
        refuseCreate(request("x").build(), Kind.INVALID, "a slice needs at least one endpoint");
    }

    @Test
    public void portListedTwiceIsRefused() {
        refuseCreate(request("x", Endpoint.access(cp(s1, 2)), Endpoint.trunk(cp(s1, 2))).build(), Kind.INVALID,
                     "port device:bmv2:s1/2 is listed twice (as access and as trunk)");
    }

    @Test
    public void accessEndpointOnALinkEndIsRefused() {
        refuseCreate(request("x", Endpoint.access(cp(s1, 8))).build(), Kind.INVALID,
                     "port device:bmv2:s1/8 is an inter-switch link end; it can only be a trunk endpoint, "
                             + "not an access endpoint");
    }

    // --- ports and names taken --------------------------------------------------------------

    @Test
    public void accessPortOfAnotherSliceIsRefused() {
        refuseCreate(request("x", Endpoint.access(cp(s1, 1))).build(), Kind.CONFLICT,
                     "port device:bmv2:s1/1 is the access port of slice 1 (itb/lab1); "
                             + "an access port belongs to one slice only");
    }

    @Test
    public void trunkOnAnotherSlicesAccessPortIsRefused() {
        refuseCreate(request("x", Endpoint.trunk(cp(s1, 1))).build(), Kind.CONFLICT,
                     "port device:bmv2:s1/1 is the access port of slice 1 (itb/lab1); "
                             + "an access port belongs to one slice only");
    }

    @Test
    public void accessOnAnotherSlicesTrunkIsRefused() {
        refuseCreate(request("x", Endpoint.access(cp(s1, 3))).build(), Kind.CONFLICT,
                     "port device:bmv2:s1/3 already carries slice 2 (itb/lab2) as a trunk; "
                             + "an access port belongs to one slice only");
    }

    @Test
    public void takenSliceIdIsRefused() {
        refuseCreate(onS1Port2().id(SliceId.of(1)).build(), Kind.CONFLICT, "slice id 1 is taken by slice 1 (itb/lab1)");
    }

    @Test
    public void duplicateNamePerTenantIsRefused() {
        refuseCreate(request("lab1", Endpoint.access(cp(s1, 2))).build(), Kind.CONFLICT,
                     "tenant itb already has a slice named lab1 (slice 1)");
    }

    @Test
    public void badNamesAreRefused() {
        refuseCreate(request("", Endpoint.access(cp(s1, 2))).build(), Kind.INVALID, "slice name must not be empty");
        refuseCreate(request("lab 1", Endpoint.access(cp(s1, 2))).build(), Kind.INVALID,
                     "slice name may only contain A-Z a-z 0-9 . _ -, got \"lab 1\"");
        refuseCreate(request("x".repeat(65), Endpoint.access(cp(s1, 2))).build(), Kind.INVALID,
                     "slice name must have at most 64 characters, got 65");
    }

    @Test
    public void unknownTenantIsRefusedOnceTenantsAreConfigured() {
        bed.configure("{'tenants': ['itb', 'ufrgs']}");
        snapshot();
        refuseCreate(onS1Port2().tenant(TenantId.of("mit")).build(), Kind.INVALID,
                     "unknown tenant \"mit\"; the configured tenants are [itb, ufrgs]");
    }

    // --- update and remove ------------------------------------------------------------------

    @Test
    public void removeOfUnknownIdIsRefused() {
        try {
            bed.manager.removeSlice(SliceId.of(9));
            fail("removed a slice that does not exist");
        } catch (SlicingException e) {
            assertEquals(Kind.NOT_FOUND, e.kind());
            assertEquals("no slice with id 9", e.getMessage());
        }
        assertNothingChanged();
    }

    @Test
    public void updateOfUnknownIdIsRefused() {
        refuseUpdate(SliceId.of(9), onS1Port2().build(), Kind.NOT_FOUND, "no slice with id 9");
    }

    @Test
    public void updateByAnotherTenantIsForbidden() {
        refuseUpdate(lab1.id(), request("lab1", Endpoint.access(cp(s1, 1))).tenant(TenantId.of("ufrgs")).build(),
                     Kind.FORBIDDEN, "slice 1 belongs to tenant itb; tenant ufrgs may not change it");
    }

    @Test
    public void updateChangingTheVlanIsRefused() {
        refuseUpdate(lab1.id(), request("lab1", Endpoint.access(cp(s1, 1))).vlan(VlanId.vlanId((short) 200)).build(),
                     Kind.INVALID, "the VLAN of slice 1 is 100 and cannot be changed (requested 200); "
                             + "remove the slice and create it again");
    }

    @Test
    public void updateNamingAnotherIdIsRefused() {
        refuseUpdate(lab1.id(), request("lab1", Endpoint.access(cp(s1, 1))).id(SliceId.of(2)).build(),
                     Kind.INVALID, "the request names slice 2 but slice 1 is being updated");
    }

    @Test
    public void updateToATakenNameIsRefused() {
        refuseUpdate(lab1.id(), request("lab2", Endpoint.access(cp(s1, 1))).build(), Kind.CONFLICT,
                     "tenant itb already has a slice named lab2 (slice 2)");
    }

    @Test
    public void updateBeyondCapacityLeavesTheSliceUnchanged() {
        refuseUpdate(lab2.id(), request("lab2", Endpoint.trunk(cp(s1, 3)), Endpoint.access(cp(s2, 1)))
                             .quotaBps(950_000_001L).build(), Kind.ADMISSION_REFUSED,
                     "admission refused on link device:bmv2:s1/8-device:bmv2:s2/8: capacity 1000000000 bps, "
                             + "usable 950000000 bps after the guard band, allocated 0 bps, "
                             + "requested 950000001 bps, short by 1 bps");
        assertEquals(200_000_000L, bed.manager.getSlice(lab2.id()).get().quotaBps());
    }

    @Test
    public void updateOntoAnotherSlicesAccessPortIsRefused() {
        refuseUpdate(lab2.id(), request("lab2", Endpoint.trunk(cp(s1, 1))).build(), Kind.CONFLICT,
                     "port device:bmv2:s1/1 is the access port of slice 1 (itb/lab1); "
                             + "an access port belongs to one slice only");
    }

    @Test
    public void updateWithBadValuesIsRefused() {
        refuseUpdate(lab1.id(), request("lab1").build(), Kind.INVALID, "a slice needs at least one endpoint");
        refuseUpdate(lab1.id(), request("lab1", Endpoint.access(cp(s1, 1))).quotaBps(0).build(), Kind.INVALID,
                     "quotaBps must be > 0, got 0");
    }

    @Test
    public void refusalsLeaveTheExistingSlicesIntact() {
        refuseCreate(onS1Port2().quotaBps(0).build(), Kind.INVALID, "quotaBps must be > 0, got 0");
        assertEquals(Set.of(lab1, lab2), bed.manager.getSlices());
        assertTrue(bed.manager.getSlices(ITB).contains(lab1));
    }
}

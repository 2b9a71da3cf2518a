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

import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.TwoSwitches;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.p4slice.slicing.api.AdmissionRefusedException;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Slices through their life: created on one switch and across two, updated, removed, restored
 * after a restart, reprogrammed when a device reconnects, and FAILED (with the reason) when the
 * devices refuse them. The flow rule, meter and group services record what the real device
 * programmer asked of ONOS.
 */
public class SliceManagerTest {

    private static final long MBPS = 1_000_000L;

    private SlicingTestbed bed;
    private DeviceId s1;
    private DeviceId s2;
    private Link trunk;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        TwoSwitches net = TwoSwitches.addTo(bed);
        s1 = net.s1;
        s2 = net.s2;
        trunk = net.trunk;
        bed.start();
    }

    private static int sliceOf(FlowRule rule) {
        return (int) ((rule.id().value() >>> 32) & 0xffff);
    }

    private Set<Integer> slicesWithRulesOn(DeviceId device) {
        return bed.flows.installed(device).stream().map(SliceManagerTest::sliceOf).collect(Collectors.toSet());
    }

    private Set<String> meterCells() {
        return bed.meters.cells().keySet();
    }

    @Test
    public void createsASingleSwitchSlice() {
        Slice slice = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s1, 2)))
                                                      .quotaBps(25 * MBPS).build());

        assertEquals(SliceId.of(1), slice.id());
        assertEquals(VlanId.vlanId((short) 100), slice.vlan());
        assertEquals(SliceState.ACTIVE, slice.state());
        assertEquals(Set.of(), slice.trunkLinks());
        assertEquals(Set.of(s1), slice.devices());
        assertEquals(slice, bed.manager.getSlice(slice.id()).get());
        assertEquals(Map.of(VlanId.vlanId((short) 100), slice.id()), bed.store.getVlanAllocations());
        assertEquals(Map.of(cp(s1, 1), slice.id(), cp(s1, 2), slice.id()), bed.store.getAccessPortAllocations());

        // two ports: a classifier and an egress entry each, on s1 only; meter cell 1 and group 1
        assertEquals(4, bed.flows.installed(s1).size());
        assertEquals(Set.of(1), slicesWithRulesOn(s1));
        assertEquals(List.of(), bed.flows.installed(s2));
        assertEquals(Set.of("device:bmv2:s1 P4SliceIngress.slice_meter[1]"), meterCells());
        assertEquals(1, bed.groups.installed(s1).size());
        assertEquals(1, bed.groups.installed(s1).get(0).groupId());
        assertEquals(2, bed.groups.installed(s1).get(0).replicas().size());
    }

    @Test
    public void createsATwoSwitchSliceAcrossTheTrunk() {
        Slice slice = bed.manager.createSlice(request("wan", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                                                      .quotaBps(40 * MBPS).build());

        assertEquals(SliceState.ACTIVE, slice.state());
        assertEquals(Set.of(trunk), slice.trunkLinks());
        assertEquals(Set.of(s1, s2), slice.devices());
        assertEquals(Set.of(cp(s1, 1), cp(s1, 8)), slice.ports(s1));
        assertEquals(EndpointMode.TRUNK, slice.modeOf(cp(s1, 8)));
        assertEquals(EndpointMode.TRUNK, slice.modeOf(cp(s2, 8)));
        assertEquals(EndpointMode.ACCESS, slice.modeOf(cp(s2, 1)));
        // the link ends are not access ports: only the endpoints are claimed
        assertEquals(Set.of(cp(s1, 1), cp(s2, 1)), bed.store.getAccessPortAllocations().keySet());

        assertEquals(4, bed.flows.installed(s1).size());
        assertEquals(4, bed.flows.installed(s2).size());
        assertEquals(Set.of("device:bmv2:s1 P4SliceIngress.slice_meter[1]",
                            "device:bmv2:s2 P4SliceIngress.slice_meter[1]"), meterCells());
        assertEquals(1, bed.groups.installed(s1).size());
        assertEquals(1, bed.groups.installed(s2).size());

        // the trunk carries the quota once, both its ends too
        LinkCapacity link = bed.manager.getLinkCapacities().get(0);
        assertEquals(cp(s1, 8), link.src());
        assertEquals(40 * MBPS, link.allocatedBps());
        assertEquals(950 * MBPS - 40 * MBPS, link.availableBps());
        assertEquals(40 * MBPS, port(cp(s2, 8)).allocatedBps());
    }

    @Test
    public void trunkEndpointsAndLinksCarryManySlices() {
        Slice a = bed.manager.createSlice(request("a", Endpoint.trunk(cp(s1, 3)), Endpoint.access(cp(s2, 1))).build());
        Slice b = bed.manager.createSlice(request("b", Endpoint.trunk(cp(s1, 3)), Endpoint.access(cp(s2, 2))).build());
        assertEquals(SliceState.ACTIVE, b.state());
        assertEquals(a.trunkLinks(), b.trunkLinks());
        assertEquals(20 * MBPS, port(cp(s1, 3)).allocatedBps());
        assertEquals(20 * MBPS, bed.manager.getLinkCapacities().get(0).allocatedBps());
    }

    private PortCapacity port(org.onosproject.net.ConnectPoint cp) {
        return bed.manager.getPortCapacities().stream().filter(p -> p.connectPoint().equals(cp)).findFirst()
                .orElseThrow(() -> new AssertionError("no capacity entry for " + cp));
    }

    @Test
    public void capacityReportListsEveryPortAndLink() {
        bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1))).quotaBps(100 * MBPS).build());
        List<PortCapacity> ports = bed.manager.getPortCapacities();
        assertEquals(16, ports.size());
        assertEquals(cp(s1, 1), ports.get(0).connectPoint());
        assertEquals(cp(s2, 8), ports.get(15).connectPoint());
        PortCapacity p1 = ports.get(0);
        assertEquals(1_000_000_000L, p1.capacityBps());
        assertEquals(0.05, p1.guardBand(), 0);
        assertEquals(100 * MBPS, p1.allocatedBps());
        assertEquals(850 * MBPS, p1.availableBps());
        assertEquals(950 * MBPS, ports.get(1).availableBps());
        // one entry per physical link, oriented from the smaller end
        assertEquals(1, bed.manager.getLinkCapacities().size());
        assertEquals(0.05, bed.manager.guardBand(), 0);
    }

    @Test
    public void admitsExactlyAtTheLimitAndRefusesOneBitOver() {
        bed.manager.createSlice(request("a", Endpoint.trunk(cp(s1, 3))).quotaBps(900 * MBPS).build());
        Slice atLimit = bed.manager.createSlice(request("b", Endpoint.trunk(cp(s1, 3))).quotaBps(50 * MBPS).build());
        assertEquals(SliceState.ACTIVE, atLimit.state());
        assertEquals(0, port(cp(s1, 3)).availableBps());
        try {
            bed.manager.createSlice(request("c", Endpoint.trunk(cp(s1, 3))).quotaBps(1).build());
            fail("admitted one bit over the limit");
        } catch (AdmissionRefusedException e) {
            assertEquals(1, e.shortfallBps());
            assertEquals(950 * MBPS, e.allocatedBps());
        }
    }

    @Test
    public void lowestFreeIdAndVlanAreReused() {
        Slice a = bed.manager.createSlice(request("a", Endpoint.access(cp(s1, 1))).build());
        Slice b = bed.manager.createSlice(request("b", Endpoint.access(cp(s1, 2))).build());
        Slice c = bed.manager.createSlice(request("c", Endpoint.access(cp(s1, 3))).build());
        assertEquals(List.of(1, 2, 3), List.of(a.id().id(), b.id().id(), c.id().id()));
        assertEquals(List.of((short) 100, (short) 101, (short) 102),
                     List.of(a.vlan().toShort(), b.vlan().toShort(), c.vlan().toShort()));
        bed.manager.removeSlice(b.id());
        Slice d = bed.manager.createSlice(request("d", Endpoint.access(cp(s1, 4))).build());
        assertEquals(SliceId.of(2), d.id());
        assertEquals(VlanId.vlanId((short) 101), d.vlan());
        Slice e = bed.manager.createSlice(request("e", Endpoint.access(cp(s1, 5))).id(SliceId.of(4094))
                                                  .vlan(VlanId.vlanId((short) 3999)).build());
        assertEquals(SliceId.of(4094), e.id());
        assertEquals(VlanId.vlanId((short) 3999), e.vlan());
    }

    @Test
    public void sameNameInAnotherTenantIsAllowed() {
        bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1))).build());
        Slice other = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 2)))
                                                      .tenant(TenantId.of("ufrgs")).build());
        assertEquals(SliceState.ACTIVE, other.state());
        assertEquals(1, bed.manager.getSlices(TenantId.of("ufrgs")).size());
        assertEquals(2, bed.manager.getSlices().size());
    }

    @Test
    public void updateChangesQuotaAndEndpoints() {
        Slice slice = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1))).quotaBps(900 * MBPS)
                                                      .build());
        bed.clearRecords();
        // its own 900 Mbps do not count against it: 950 Mbps fit, and it moves to s1/2 + s2/1
        Slice updated = bed.manager.updateSlice(slice.id(), request("lab1b", Endpoint.access(cp(s1, 2)),
                                                                     Endpoint.access(cp(s2, 1)))
                .quotaBps(950 * MBPS).build());

        assertEquals(SliceState.ACTIVE, updated.state());
        assertEquals(slice.id(), updated.id());
        assertEquals(slice.vlan(), updated.vlan());
        assertEquals("lab1b", updated.name());
        assertEquals(950 * MBPS, updated.quotaBps());
        assertEquals(Set.of(trunk), updated.trunkLinks());
        assertEquals(updated, bed.manager.getSlice(slice.id()).get());
        assertEquals(Set.of(cp(s1, 2), cp(s2, 1)), bed.store.getAccessPortAllocations().keySet());
        assertEquals(0, port(cp(s1, 1)).allocatedBps());
        assertEquals(950 * MBPS, port(cp(s1, 2)).allocatedBps());

        // old entries removed, new ones installed on both switches; counters are not reset
        assertTrue(bed.flows.operations().stream().anyMatch(o -> o.type() == FlowRuleOperation.Type.REMOVE));
        assertEquals(4, bed.flows.installed(s1).size());
        assertEquals(4, bed.flows.installed(s2).size());
        assertEquals(2, meterCells().size());
        assertEquals(List.of(), bed.counters.get(s1).resets);
        assertEquals(List.of(SliceEvent.Type.SLICE_UPDATED, SliceEvent.Type.SLICE_STATE_CHANGED),
                     bed.events.stream().map(SliceEvent::type).collect(Collectors.toList()));

        // the freed port is free for another slice
        Slice other = bed.manager.createSlice(request("other", Endpoint.access(cp(s1, 1))).build());
        assertEquals(SliceState.ACTIVE, other.state());
    }

    @Test
    public void removeFreesCapacityAndClearsTheDevices() {
        Slice big = bed.manager.createSlice(request("big", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                                                    .quotaBps(900 * MBPS).build());
        try {
            bed.manager.createSlice(request("next", Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s2, 2)))
                                            .quotaBps(100 * MBPS).build());
            fail("the trunk should be full");
        } catch (AdmissionRefusedException e) {
            assertEquals("link device:bmv2:s1/8-device:bmv2:s2/8", e.resource());
        }
        bed.clearRecords();

        bed.manager.removeSlice(big.id());

        assertFalse(bed.manager.getSlice(big.id()).isPresent());
        assertEquals(Map.of(), bed.store.getVlanAllocations());
        assertEquals(Map.of(), bed.store.getAccessPortAllocations());
        assertEquals(Set.of(), bed.flows.installed());
        assertEquals(Set.of(), meterCells());
        assertEquals(List.of(), bed.groups.installed());
        assertEquals(List.of(1), bed.counters.get(s1).resets);
        assertEquals(List.of(1), bed.counters.get(s2).resets);
        assertEquals(List.of(SliceEvent.Type.SLICE_STATE_CHANGED, SliceEvent.Type.SLICE_REMOVED),
                     bed.events.stream().map(SliceEvent::type).collect(Collectors.toList()));
        assertEquals(SliceState.RELEASING, bed.events.get(0).subject().state());
        assertEquals(0, bed.manager.getLinkCapacities().get(0).allocatedBps());

        Slice next = bed.manager.createSlice(request("next", Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s2, 2)))
                                                     .quotaBps(100 * MBPS).build());
        assertEquals(SliceState.ACTIVE, next.state());
    }

    @Test
    public void eventsFollowTheLifeCycle() {
        Slice slice = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1))).build());
        assertEquals(2, bed.events.size());
        assertEquals(SliceEvent.Type.SLICE_ADDED, bed.events.get(0).type());
        assertEquals(SliceState.PROVISIONING, bed.events.get(0).subject().state());
        assertEquals(SliceEvent.Type.SLICE_STATE_CHANGED, bed.events.get(1).type());
        assertEquals(SliceState.ACTIVE, bed.events.get(1).subject().state());
        assertEquals(SliceState.PROVISIONING, bed.events.get(1).prevSubject().get().state());
        assertEquals(slice, bed.events.get(1).subject());
    }

    @Test
    public void restartRestoresEverySlice() {
        Slice a = bed.manager.createSlice(request("a", Endpoint.access(cp(s1, 1))).build());
        Slice b = bed.manager.createSlice(request("b", Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s2, 2))).build());
        bed.stop();
        assertEquals("listeners left behind", 0, bed.devices.listenerCount());
        assertEquals("listeners left behind", 0, bed.netcfg.listenerCount());
        bed.clearRecords();

        bed.start();

        assertEquals(Set.of(a, b), bed.manager.getSlices());
        // both slices programmed again from the store: a on s1, b on s1 and s2
        Set<Integer> programmed = bed.flows.operations().stream().filter(o -> o.type() == FlowRuleOperation.Type.ADD)
                .map(o -> sliceOf(o.rule())).collect(Collectors.toSet());
        assertEquals(Set.of(1, 2), programmed);
        assertTrue(bed.meters.operations().contains("submit device:bmv2:s1 P4SliceIngress.slice_meter[1]"));
        assertTrue(bed.meters.operations().contains("submit device:bmv2:s2 P4SliceIngress.slice_meter[2]"));
        assertEquals(Set.of(1, 2), slicesWithRulesOn(s1));
        // resources are still held: a's port is not free
        assertEquals(Set.of(cp(s1, 1), cp(s1, 2), cp(s2, 2)), bed.store.getAccessPortAllocations().keySet());
    }

    @Test
    public void restartRestoresOnADeviceWithNothingLeft() {
        Slice a = bed.manager.createSlice(request("a", Endpoint.access(cp(s1, 1))).build());
        bed.stop();
        // the switch was restarted meanwhile: nothing on it
        bed.flows.installed().clear();
        bed.meters.cells().clear();
        bed.start();
        // one port: a classifier and an egress entry
        assertEquals(2, bed.flows.installed(s1).size());
        assertEquals(Set.of("device:bmv2:s1 P4SliceIngress.slice_meter[1]"), meterCells());
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(a.id()).get().state());
    }

    @Test
    public void restartFinishesAnInterruptedRelease() {
        Slice a = bed.manager.createSlice(request("a", Endpoint.access(cp(s1, 1))).build());
        Slice b = bed.manager.createSlice(request("b", Endpoint.access(cp(s1, 2))).build());
        // the instance stores RELEASING and stops before any step of the release ran
        bed.stop();
        bed.store.setState(a.id(), SliceState.RELEASING, null);
        bed.clearRecords();

        bed.start();

        assertEquals(Set.of(b.id()), bed.manager.getSlices().stream().map(Slice::id).collect(Collectors.toSet()));
        assertEquals(Set.of(2), slicesWithRulesOn(s1));
        assertEquals(List.of(1), bed.counters.get(s1).resets);
        assertFalse(bed.store.getAccessPortAllocations().containsKey(cp(s1, 1)));
    }

    @Test
    public void reconnectingDeviceGetsItsSlicesAgain() {
        Slice local = bed.manager.createSlice(request("local", Endpoint.access(cp(s2, 3))).build());
        Slice wan = bed.manager.createSlice(request("wan", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                                                    .build());
        Slice other = bed.manager.createSlice(request("other", Endpoint.access(cp(s1, 2))).build());
        bed.devices.setAvailable(s2, false);
        bed.flows.installed().removeIf(r -> r.deviceId().equals(s2));
        bed.clearRecords();

        bed.devices.setAvailable(s2, true);

        Set<Integer> programmed = bed.flows.operations().stream().map(o -> sliceOf(o.rule()))
                .collect(Collectors.toSet());
        assertEquals(Set.of(local.id().id(), wan.id().id()), programmed);
        assertEquals(Set.of(local.id().id(), wan.id().id()), slicesWithRulesOn(s2));
        assertFalse(programmed.contains(other.id().id()));
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(wan.id()).get().state());
    }

    @Test
    public void deviceGoingDownChangesNothing() {
        bed.manager.createSlice(request("local", Endpoint.access(cp(s2, 3))).build());
        bed.clearRecords();
        bed.devices.setAvailable(s2, false);
        assertEquals(List.of(), bed.flows.operations());
        assertEquals(List.of(), bed.events);
    }

    @Test
    public void eachInstanceReprogramsOnlyTheDevicesItMasters() {
        Slice slice = bed.manager.createSlice(request("wan", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                                                      .build());
        bed.mastership.masteredElsewhere(s1);
        bed.clearRecords();
        bed.devices.setAvailable(s2, true);
        // s2 reconnects: this instance (its master) writes it; s1 is its own master's to write
        assertFalse(bed.flows.operations().isEmpty());
        assertTrue(bed.flows.operations().stream().allMatch(op -> op.rule().deviceId().equals(s2)));
        assertTrue(bed.meters.operations().stream().noneMatch(op -> op.contains(s1.toString())));
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(slice.id()).get().state());
    }

    @Test
    public void programmingFailureLeavesAFailedSliceWithItsReason() {
        bed.flows.failOn(s2);
        Slice slice = bed.manager.createSlice(request("wan", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                                                      .quotaBps(300 * MBPS).build());

        assertEquals(SliceState.FAILED, slice.state());
        String reason = slice.reason().get();
        assertTrue(reason, reason.contains("4 table entries on device:bmv2:s2: the flow rule batch failed"));
        assertEquals(slice, bed.manager.getSlice(slice.id()).get());
        // nothing the healthy device accepted is taken back (s1 keeps its entries, meter cell, group)...
        assertEquals(4, bed.flows.installed().size());
        assertTrue(bed.flows.installed().stream().allMatch(rule -> rule.deviceId().equals(s1)));
        assertEquals(2, meterCells().size());
        assertEquals(2, bed.groups.installed().size());
        assertTrue(bed.flows.operations().stream().noneMatch(op -> op.type() == FlowRuleOperation.Type.REMOVE));
        // ...and it keeps its resources until removed
        assertEquals(Set.of(cp(s1, 1), cp(s2, 1)), bed.store.getAccessPortAllocations().keySet());
        assertEquals(300 * MBPS, port(cp(s1, 1)).allocatedBps());

        // the device comes back healthy: the slice is programmed again and ACTIVE
        bed.flows.heal();
        bed.devices.setAvailable(s2, true);
        Slice recovered = bed.manager.getSlice(slice.id()).get();
        assertEquals(SliceState.ACTIVE, recovered.state());
        assertFalse(recovered.reason().isPresent());
        assertEquals(8, bed.flows.installed().size());
    }

    @Test
    public void failedSliceCanBeRemoved() {
        bed.meters.failOn(s1);
        Slice slice = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1))).build());
        assertEquals(SliceState.FAILED, slice.state());
        assertTrue(slice.reason().get(), slice.reason().get().contains("meter cell P4SliceIngress.slice_meter[1]"));
        bed.manager.removeSlice(slice.id());
        assertEquals(Set.of(), bed.manager.getSlices());
        assertEquals(Map.of(), bed.store.getAccessPortAllocations());
    }

    @Test
    public void aQuotaChangeOfAnActiveSliceRewritesItsMeterAndLeavesItsEntriesAlone() {
        Slice slice = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s1, 2)))
                                                      .build());
        Set<FlowRule> entries = Set.copyOf(bed.flows.installed());
        bed.flows.operations().clear();
        bed.meters.operations().clear();
        Slice updated = bed.manager.updateSlice(slice.id(), request("lab1", Endpoint.access(cp(s1, 1)),
                                                                    Endpoint.access(cp(s1, 2)))
                .quotaBps(20 * MBPS).build());
        assertEquals(SliceState.ACTIVE, updated.state());
        assertEquals(20 * MBPS, updated.quotaBps());
        // no entry removed or added: the tenant's traffic is not interrupted
        assertEquals(List.of(), bed.flows.operations());
        assertEquals(entries, Set.copyOf(bed.flows.installed()));
        assertEquals(1, bed.meters.operations().size());
        assertTrue(bed.meters.operations().get(0), bed.meters.operations().get(0).startsWith("submit "));
    }

    @Test
    public void updateRetriesAFailedSlice() {
        bed.flows.failOn(s1);
        Slice slice = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1))).build());
        assertEquals(SliceState.FAILED, slice.state());
        bed.flows.heal();
        Slice updated = bed.manager.updateSlice(slice.id(), request("lab1", Endpoint.access(cp(s1, 1)))
                .quotaBps(20 * MBPS).build());
        assertEquals(SliceState.ACTIVE, updated.state());
        assertFalse(updated.reason().isPresent());
    }

    @Test
    public void counterResetFailureDoesNotBlockTheRelease() {
        Slice slice = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1))).build());
        bed.counters.get(s1).failing = true;
        bed.manager.removeSlice(slice.id());
        assertEquals(Set.of(), bed.manager.getSlices());
        assertEquals(Set.of(), bed.flows.installed());
    }
}

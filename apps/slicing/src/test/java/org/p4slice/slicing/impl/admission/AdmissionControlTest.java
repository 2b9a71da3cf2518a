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
package org.p4slice.slicing.impl.admission;

import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.slicing.api.SlicingException;
import com.google.common.collect.ImmutableMap;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.p4slice.slicing.api.AdmissionRefusedException;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.testbed.FakeDeviceService;
import org.p4slice.testbed.FakeLinkService;

import java.util.List;
import java.util.Set;
import org.p4slice.slicing.impl.store.LinkKeys;
import org.p4slice.slicing.impl.store.SliceIndex;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;

/**
 * Admission with the guard band: exact integer limits, the first refusing port or link with
 * every figure, capacities from port speeds or overrides, and the capacity report.
 */
public class AdmissionControlTest {

    private FakeDeviceService devices;
    private FakeLinkService links;
    private AdmissionControl admission;
    private DeviceId s1;
    private DeviceId s2;
    private Link trunk;
    private AdmissionSettings settings = AdmissionSettings.DEFAULTS;

    @Before
    public void setUp() {
        devices = new FakeDeviceService();
        links = new FakeLinkService();
        s1 = devices.addDevice("device:bmv2:s1", 4, 1000, ImmutableMap.of());
        s2 = devices.addDevice("device:bmv2:s2", 4, 1000, ImmutableMap.of());
        trunk = links.addLink(cp(s1, 4), cp(s2, 4));
        admission = new AdmissionControl(devices, links);
    }

    private static Slice slice(int id, long quota, Set<Link> trunkLinks, Endpoint... endpoints) {
        return Slice.builder().id(SliceId.of(id)).name("s" + id).tenant(ITB).vlan(VlanId.vlanId((short) (99 + id)))
                .quotaBps(quota).endpoints(List.of(endpoints)).trunkLinks(trunkLinks).build();
    }

    private static Slice onPort(int id, long quota, ConnectPoint port) {
        return slice(id, quota, Set.of(), Endpoint.trunk(port));
    }

    @Test
    public void usableCapacityIsExact() {
        assertEquals(950_000_000L, AdmissionControl.usableBps(1_000_000_000L, settings));
        settings = settings.withGuardBand(0.07);
        // floor((1 - 0.07) * 1e9) is 929999999 in double arithmetic
        assertEquals(930_000_000L, AdmissionControl.usableBps(1_000_000_000L, settings));
        assertEquals(465, AdmissionControl.usableBps(500, settings));
        settings = settings.withGuardBand(0.1);
        assertEquals(899_999_999L, AdmissionControl.usableBps(999_999_999L, settings));
        settings = settings.withGuardBand(0);
        assertEquals(Long.MAX_VALUE, AdmissionControl.usableBps(Long.MAX_VALUE, settings));
        // the figures the fairness app works with: the capacity reports' usableBps
        assertEquals(95_000_000L, AdmissionControl.usableBps(100_000_000, AdmissionSettings.DEFAULTS));
        // (1 - 0.05) * 1001 = 950.95, rounded down
        assertEquals(950L, AdmissionControl.usableBps(1001, AdmissionSettings.DEFAULTS));
        assertEquals(1001L, AdmissionControl.usableBps(1001, settings));
    }

    @Test
    public void admitsExactlyAtTheLimit() {
        Slice first = onPort(1, 900_000_000L, cp(s1, 1));
        admission.admit(onPort(2, 50_000_000L, cp(s1, 1)), null, SliceIndex.of(List.of(first)), settings);
    }

    @Test
    public void refusesOneBitOverTheLimit() {
        Slice first = onPort(1, 900_000_000L, cp(s1, 1));
        try {
            admission.admit(onPort(2, 50_000_001L, cp(s1, 1)), null, SliceIndex.of(List.of(first)), settings);
            fail("admitted one bit over");
        } catch (AdmissionRefusedException e) {
            assertEquals("port device:bmv2:s1/1", e.resource());
            assertEquals(1_000_000_000L, e.capacityBps());
            assertEquals(900_000_000L, e.allocatedBps());
            assertEquals(50_000_001L, e.requestedBps());
            assertEquals(1, e.shortfallBps());
            assertEquals(SlicingException.Kind.ADMISSION_REFUSED, e.kind());
        }
    }

    @Test
    public void exactLimitWithAGuardBandThatDoublesGetWrong() {
        settings = settings.withGuardBand(0.07);
        Slice first = onPort(1, 900_000_000L, cp(s1, 2));
        admission.admit(onPort(2, 30_000_000L, cp(s1, 2)), null, SliceIndex.of(List.of(first)), settings);
        try {
            admission.admit(onPort(2, 30_000_001L, cp(s1, 2)), null, SliceIndex.of(List.of(first)), settings);
            fail("admitted one bit over a usable 930000000");
        } catch (AdmissionRefusedException e) {
            assertEquals(1, e.shortfallBps());
        }
    }

    @Test
    public void theSliceItselfIsNotCountedAgainstItsUpdate() {
        Slice old = onPort(1, 900_000_000L, cp(s1, 1));
        admission.admit(onPort(1, 950_000_000L, cp(s1, 1)), old, SliceIndex.of(List.of(old)), settings);
    }

    @Test
    public void linkIsCheckedFirstAndCountsEachSliceOnce() {
        Slice crossing = slice(1, 600_000_000L, Set.of(trunk), Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)));
        Link reverse = FakeLinkService.link(cp(s2, 4), cp(s1, 4));
        Slice back = slice(2, 400_000_000L, Set.of(reverse), Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s2, 2)));
        try {
            admission.admit(back, null, SliceIndex.of(List.of(crossing)), settings);
            fail("the link holds 950 Mbps only");
        } catch (AdmissionRefusedException e) {
            // the reverse direction is the same physical link
            assertEquals("link device:bmv2:s1/4-device:bmv2:s2/4", e.resource());
            assertEquals(600_000_000L, e.allocatedBps());
            assertEquals(50_000_000L, e.shortfallBps());
        }
    }

    @Test
    public void quotaAboveCapacityIsInvalidNotRefused() {
        try {
            admission.admit(onPort(1, 1_000_000_001L, cp(s1, 3)), null, SliceIndex.of(List.of()), settings);
            fail();
        } catch (SlicingException e) {
            assertEquals(Kind.INVALID, e.kind());
            assertEquals("quotaBps 1000000001 exceeds the capacity 1000000000 bps of port device:bmv2:s1/3",
                         e.getMessage());
        }
    }

    @Test
    public void overridesReplaceReportedSpeeds() {
        settings = settings.withCapacityOverrides(ImmutableMap.of(cp(s1, 4), 10_000_000_000L));
        assertEquals(10_000_000_000L, admission.capacityBps(cp(s1, 4), settings));
        assertEquals(1_000_000_000L, admission.capacityBps(cp(s2, 4), settings));
        // the link is as fast as its slower end
        assertEquals(1_000_000_000L, admission.capacityBps(LinkKeys.undirected(trunk), settings));
        devices.addPort(s1, 3, 0);
        assertEquals(0, admission.capacityBps(cp(s1, 3), settings));
        settings = settings.withCapacityOverrides(ImmutableMap.of(cp(s1, 3), 5_000L));
        assertEquals(5_000L, admission.capacityBps(cp(s1, 3), settings));
    }

    @Test
    public void guardBandMustBeAFraction() {
        for (double bad : new double[]{-0.01, 1.0, 2, Double.NaN}) {
            try {
                settings = settings.withGuardBand(bad);
                fail("accepted guard band " + bad);
            } catch (IllegalArgumentException e) {
                assertEquals("guardBand must be in [0, 1), got " + bad, e.getMessage());
                assertEquals(0.05, settings.guardBand(), 0);
            }
        }
        assertEquals(0.05, settings.guardBand(), 0);
    }

    @Test
    public void reportHasEveryPortAndOneEntryPerLink() {
        Slice crossing = slice(1, 600_000_000L, Set.of(trunk), Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)));
        List<PortCapacity> ports = admission.portCapacities(SliceIndex.of(List.of(crossing)), settings);
        assertEquals(8, ports.size());
        assertEquals(PortCapacity.of(cp(s1, 1), 1_000_000_000L, 0.05, 600_000_000L, 350_000_000L), ports.get(0));
        assertEquals(PortCapacity.of(cp(s1, 2), 1_000_000_000L, 0.05, 0, 950_000_000L), ports.get(1));
        assertEquals(PortCapacity.of(cp(s2, 4), 1_000_000_000L, 0.05, 600_000_000L, 350_000_000L), ports.get(7));
        List<LinkCapacity> report = admission.linkCapacities(SliceIndex.of(List.of(crossing)), settings);
        assertEquals(1, report.size());
        assertEquals(LinkCapacity.of(trunk, 1_000_000_000L, 0.05, 600_000_000L, 350_000_000L), report.get(0));
    }

    @Test
    public void reportShowsOverbookingAfterTheGuardBandGrows() {
        Slice big = onPort(1, 900_000_000L, cp(s1, 1));
        settings = settings.withGuardBand(0.2);
        assertEquals(-100_000_000L,
                     admission.portCapacities(SliceIndex.of(List.of(big)), settings).get(0).availableBps());
    }
}

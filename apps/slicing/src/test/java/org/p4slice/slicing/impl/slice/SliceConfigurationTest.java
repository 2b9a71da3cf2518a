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
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.TestComponentContext;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.slicing.impl.slice.OsgiPropertyConstants.GUARD_BAND;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * The component property {@code guardBand} and the {@code p4slice} network configuration:
 * guard band, VLAN pool, tenants, capacity overrides and declared slices.
 */
public class SliceConfigurationTest {

    private static final long MBPS = 1_000_000L;

    private SlicingTestbed bed;
    private DeviceId s1;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        s1 = bed.addSwitch("s1", 4, 1000);
    }

    private List<String> names() {
        return bed.manager.getSlices().stream().map(Slice::name).collect(Collectors.toList());
    }

    @Test
    public void componentGuardBandIsReadAtActivation() {
        bed.start(new TestComponentContext().with(GUARD_BAND, "0.2"));
        assertEquals(0.2, bed.manager.guardBand(), 0);
        assertEquals(800 * MBPS, bed.manager.getPortCapacities().get(0).availableBps());
    }

    @Test
    public void componentGuardBandCanChange() {
        bed.start();
        bed.manager.modified(new TestComponentContext().with(GUARD_BAND, 0.1));
        assertEquals(0.1, bed.manager.guardBand(), 0);
        bed.manager.modified(new TestComponentContext().with(GUARD_BAND, "0"));
        assertEquals(0.0, bed.manager.guardBand(), 0);
        Slice full = bed.manager.createSlice(request("full", Endpoint.access(cp(s1, 1))).quotaBps(1000 * MBPS)
                                                     .build());
        assertEquals(SliceState.ACTIVE, full.state());
    }

    @Test
    public void invalidComponentGuardBandIsIgnored() {
        bed.start();
        bed.manager.modified(new TestComponentContext().with(GUARD_BAND, "0.1"));
        bed.manager.modified(new TestComponentContext().with(GUARD_BAND, "1"));
        assertEquals(0.1, bed.manager.guardBand(), 0);
        bed.manager.modified(new TestComponentContext().with(GUARD_BAND, "-0.5"));
        bed.manager.modified(new TestComponentContext().with(GUARD_BAND, "five percent"));
        assertEquals(0.1, bed.manager.guardBand(), 0);
    }

    @Test
    public void netcfgGuardBandWinsOverTheComponentProperty() {
        bed.start(new TestComponentContext().with(GUARD_BAND, "0.2"));
        bed.configure("{'guardBand': 0.1}");
        assertEquals(0.1, bed.manager.guardBand(), 0);
        bed.manager.modified(new TestComponentContext().with(GUARD_BAND, "0.3"));
        assertEquals(0.1, bed.manager.guardBand(), 0);
        bed.netcfg.removeConfig(SlicingTestbed.APP_ID, org.p4slice.slicing.config.SlicingConfig.class);
        assertEquals(0.3, bed.manager.guardBand(), 0);
    }

    @Test
    public void vlanPoolAndCapacityOverridesApply() {
        bed.start();
        bed.configure("{'vlanPool': '300-301,500', 'capacityOverrides': {'device:bmv2:s1/1': 100000000}}");
        Slice a = bed.manager.createSlice(request("a", Endpoint.access(cp(s1, 1))).quotaBps(95 * MBPS).build());
        assertEquals(VlanId.vlanId((short) 300), a.vlan());
        assertEquals(100 * MBPS, bed.manager.getPortCapacities().get(0).capacityBps());
        assertEquals(0, bed.manager.getPortCapacities().get(0).availableBps());
        assertEquals(VlanId.vlanId((short) 301),
                     bed.manager.createSlice(request("b", Endpoint.access(cp(s1, 2))).build()).vlan());
        assertEquals(VlanId.vlanId((short) 500),
                     bed.manager.createSlice(request("c", Endpoint.access(cp(s1, 3))).build()).vlan());
    }

    @Test
    public void tenantsRestrictWhoMayOwnSlices() {
        bed.start();
        bed.configure("{'tenants': ['itb']}");
        assertEquals(SliceState.ACTIVE, bed.manager.createSlice(request("a", Endpoint.access(cp(s1, 1))).build())
                .state());
        try {
            bed.manager.createSlice(request("b", Endpoint.access(cp(s1, 2))).tenant(TenantId.of("ufrgs")).build());
            fail("accepted an unknown tenant");
        } catch (SlicingException e) {
            assertEquals("unknown tenant \"ufrgs\"; the configured tenants are [itb]", e.getMessage());
        }
    }

    @Test
    public void declaredSlicesAreCreatedAndFailuresLogged() {
        bed.start();
        bed.configure("{'slices': ["
                              + "{'name': 'demo1', 'tenant': 'itb', 'quotaBps': 25000000, 'vlan': 107,"
                              + " 'endpoints': [{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'}]},"
                              + "{'name': 'clash', 'tenant': 'itb', 'quotaBps': 25000000,"
                              + " 'endpoints': [{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'}]},"
                              + "{'name': 'demo2', 'tenant': 'itb', 'quotaBps': 25000000, 'burstBytes': 1500,"
                              + " 'endpoints': [{'device': 'device:bmv2:s1', 'port': 2, 'mode': 'trunk'}]}]}");
        assertEquals(List.of("demo1", "demo2"), names());
        Slice demo1 = bed.manager.getSlices().iterator().next();
        assertEquals(VlanId.vlanId((short) 107), demo1.vlan());
        assertEquals(SliceState.ACTIVE, demo1.state());

        // applying the same configuration again creates nothing new
        bed.configure("{'slices': [{'name': 'demo1', 'tenant': 'itb', 'quotaBps': 25000000, 'vlan': 107,"
                              + " 'endpoints': [{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'}]}]}");
        assertEquals(List.of("demo1", "demo2"), names());
    }

    @Test
    public void declaredSlicesAreNotDuplicatedByARestart() {
        bed.configure("{'slices': [{'name': 'demo1', 'tenant': 'itb', 'quotaBps': 25000000,"
                              + " 'endpoints': [{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'}]}]}");
        bed.start();
        assertEquals(List.of("demo1"), names());
        bed.restart();
        assertEquals(List.of("demo1"), names());
    }

    @Test
    public void invalidConfigurationKeepsTheSettingsInEffect() {
        bed.start();
        bed.configure("{'guardBand': 0.1}");
        bed.configure("{'guardBand': 1.5}");
        assertEquals(0.1, bed.manager.guardBand(), 0);
        bed.configure("{'vlanPool': '5000-6000'}");
        assertEquals(0.1, bed.manager.guardBand(), 0);
        assertEquals(VlanId.vlanId((short) 100),
                     bed.manager.createSlice(request("a", Endpoint.access(cp(s1, 1))).build()).vlan());
    }
}

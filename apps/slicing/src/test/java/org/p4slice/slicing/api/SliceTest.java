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
package org.p4slice.slicing.api;

import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.onosproject.net.provider.ProviderId;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Slices and requests: derived devices, ports and modes, defaults, equality.
 */
public class SliceTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    private static final DeviceId S3 = DeviceId.deviceId("device:bmv2:s3");

    private static ConnectPoint cp(DeviceId d, long p) {
        return new ConnectPoint(d, PortNumber.portNumber(p));
    }

    private static Link link(ConnectPoint a, ConnectPoint b) {
        return DefaultLink.builder().providerId(new ProviderId("lldp", "test")).src(a).dst(b)
                .type(Link.Type.DIRECT).state(Link.State.ACTIVE).build();
    }

    private static SliceBuilder wan() {
        return Slice.builder().id(SliceId.of(7)).name("wan").tenant(TenantId.of("itb"))
                .vlan(VlanId.vlanId((short) 107)).quotaBps(25_000_000L)
                .endpoints(List.of(Endpoint.access(cp(S2, 1)), Endpoint.trunk(cp(S1, 3)), Endpoint.access(cp(S1, 1))))
                .trunkLinks(List.of(link(cp(S1, 8), cp(S2, 8)), link(cp(S2, 9), cp(S3, 9))));
    }

    @Test
    public void derivesDevicesPortsAndModes() {
        Slice s = wan().build();
        assertEquals(List.of(S1, S2, S3), List.copyOf(s.devices()));
        assertEquals(List.of(cp(S1, 1), cp(S1, 3), cp(S1, 8)), List.copyOf(s.ports(S1)));
        assertEquals(List.of(cp(S2, 1), cp(S2, 8), cp(S2, 9)), List.copyOf(s.ports(S2)));
        assertEquals(Set.of(cp(S3, 9)), s.ports(S3));
        assertEquals(Set.of(), s.ports(DeviceId.deviceId("device:bmv2:s4")));
        assertEquals(7, s.ports().size());
        assertEquals(EndpointMode.ACCESS, s.modeOf(cp(S1, 1)));
        assertEquals(EndpointMode.TRUNK, s.modeOf(cp(S1, 3)));
        assertEquals(EndpointMode.TRUNK, s.modeOf(cp(S2, 8)));
        assertEquals(EndpointMode.TRUNK, s.modeOf(cp(S3, 9)));
        assertTrue(s.hasPort(cp(S2, 9)));
        try {
            s.modeOf(cp(S1, 5));
            fail();
        } catch (IllegalArgumentException e) {
            assertEquals("device:bmv2:s1/5 is not a port of slice 7", e.getMessage());
        }
    }

    @Test
    public void defaultsAndState() {
        Slice s = wan().build();
        assertEquals(SliceState.PROVISIONING, s.state());
        assertEquals(Optional.empty(), s.reason());
        assertEquals(65536, s.burstBytes());
        Slice failed = s.withState(SliceState.FAILED, "no meter");
        assertEquals(Optional.of("no meter"), failed.reason());
        assertNotEquals(s, failed);
        assertEquals(s, failed.withState(SliceState.PROVISIONING, null));
        assertEquals(s.hashCode(), failed.toBuilder().state(SliceState.PROVISIONING).reason(null).build().hashCode());
        assertTrue(s.toString().contains("name=wan"));
    }

    @Test
    public void requiredFieldsAreChecked() {
        try {
            Slice.builder().name("x").tenant(TenantId.of("t")).vlan(VlanId.vlanId((short) 5)).build();
            fail();
        } catch (NullPointerException e) {
            assertEquals("slice id must not be null", e.getMessage());
        }
        try {
            SliceRequest.builder().tenant(TenantId.of("t")).build();
            fail();
        } catch (NullPointerException e) {
            assertEquals("slice name must not be null", e.getMessage());
        }
    }

    @Test
    public void requestKeepsValuesUnvalidated() {
        SliceRequest r = SliceRequest.builder().name("").tenant(TenantId.of("t")).quotaBps(-1).burstBytes(0)
                .vlan(VlanId.vlanId((short) 0)).build();
        assertEquals("", r.name());
        assertEquals(-1, r.quotaBps());
        assertEquals(Set.of(), r.endpoints());
        assertEquals(Optional.empty(), r.id());
        assertEquals(r, r.toBuilder().build());
        SliceRequest two = r.toBuilder().addEndpoint(Endpoint.access(cp(S1, 1))).addEndpoint(Endpoint.trunk(cp(S1, 2)))
                .build();
        assertEquals(2, two.endpoints().size());
        assertNotEquals(r, two);
        assertEquals(SliceRequest.DEFAULT_BURST_BYTES, SliceRequest.builder().name("a").tenant(TenantId.of("t"))
                .build().burstBytes());
    }

    @Test
    public void endpointsCompareByPortAndMode() {
        assertEquals(Endpoint.access(cp(S1, 1)), Endpoint.of(cp(S1, 1), EndpointMode.ACCESS));
        assertNotEquals(Endpoint.access(cp(S1, 1)), Endpoint.trunk(cp(S1, 1)));
        assertEquals("device:bmv2:s1/1(trunk)", Endpoint.trunk(cp(S1, 1)).toString());
        assertFalse(Endpoint.access(cp(S1, 1)).equals(cp(S1, 1)));
    }
}

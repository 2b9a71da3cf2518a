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
import java.util.Set;

import static org.junit.Assert.assertEquals;

/**
 * A device's shape names ports by their numbers, whether ONOS named them (trunk ports it discovered) or not.
 */
public class DeviceShapeTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    private static final ProviderId PID = new ProviderId("test", "org.p4slice.test");

    private static Slice slice(PortNumber s1Trunk, PortNumber s2Trunk) {
        Link trunk = DefaultLink.builder().providerId(PID).src(new ConnectPoint(S1, s1Trunk))
                .dst(new ConnectPoint(S2, s2Trunk)).type(Link.Type.DIRECT).build();
        return Slice.builder().id(SliceId.of(1)).name("lab1").tenant(TenantId.of("itb"))
                .vlan(VlanId.vlanId((short) 101)).quotaBps(8_000_000).burstBytes(65536)
                .endpoints(Set.of(Endpoint.access(new ConnectPoint(S1, PortNumber.portNumber(1))),
                                  Endpoint.access(new ConnectPoint(S2, PortNumber.portNumber(4, "s2-eth4")))))
                .trunkLinks(Set.of(trunk)).state(SliceState.PROVISIONING).build();
    }

    @Test
    public void portsAreTheirNumbersEvenWhereOnosNamedThem() {
        Slice named = slice(PortNumber.portNumber(3, "s1-eth3"), PortNumber.portNumber(2, "s2-eth2"));
        assertEquals(List.of("1"), DeviceShape.of(named, S1).accessPorts());
        assertEquals(List.of("3"), DeviceShape.of(named, S1).trunkPorts());
        assertEquals(List.of("4"), DeviceShape.of(named, S2).accessPorts());
        assertEquals(List.of("2"), DeviceShape.of(named, S2).trunkPorts());
    }

    @Test
    public void theFingerprintDoesNotDependOnPortNames() {
        Slice named = slice(PortNumber.portNumber(3, "s1-eth3"), PortNumber.portNumber(2, "s2-eth2"));
        Slice unnamed = slice(PortNumber.portNumber(3), PortNumber.portNumber(2));
        assertEquals(DeviceShape.fingerprint(unnamed), DeviceShape.fingerprint(named));
    }
}

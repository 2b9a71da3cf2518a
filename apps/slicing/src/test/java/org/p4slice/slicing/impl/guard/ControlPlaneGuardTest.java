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
package org.p4slice.slicing.impl.guard;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.host.HostServiceAdapter;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.net.provider.ProviderId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.FakeHostService;
import org.p4slice.testbed.FakeMastershipService;
import org.p4slice.testbed.FixedSliceService;
import org.p4slice.testbed.TestComponentContext;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The guard sees packet-ins before ONOS's providers (priority 0, below {@code advisor(0)} of the LLDP
 * provider) and blocks the context, which ONOS 2.7's LLDP and host providers then skip: link probes
 * relayed by tenants' hosts never reach the LLDP provider, and a host sending from ever new source MACs
 * gets no more than the cap of hosts learnt at its access port.
 */
public class ControlPlaneGuardTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final ConnectPoint ACCESS = ConnectPoint.deviceConnectPoint("device:bmv2:s1/1");
    private static final ConnectPoint TRUNK = ConnectPoint.deviceConnectPoint("device:bmv2:s1/3");
    private static final ConnectPoint SPARE = ConnectPoint.deviceConnectPoint("device:bmv2:s1/7");

    private final FixedSliceService slices = new FixedSliceService();
    private final Map<ConnectPoint, Set<Host>> hosts = new HashMap<>();
    private final Map<PacketProcessor, Integer> processors = new HashMap<>();
    private Optional<Set<ConnectPoint>> declared = Optional.empty();
    private ControlPlaneGuard guard;

    /** A packet-in as ONOS's packet manager hands it to its processors. */
    private static final class Context extends DefaultPacketContext {
        Context(ConnectPoint in, Ethernet eth) {
            super(0, new DefaultInboundPacket(in, eth, ByteBuffer.wrap(eth.serialize())), null, false);
        }

        @Override
        public void send() {
        }
    }

    @Before
    public void setUp() {
        slices.put(Slice.builder().id(SliceId.of(1)).name("lab").tenant(TenantId.of("itb"))
                           .vlan(VlanId.vlanId((short) 100)).quotaBps(1_000_000L)
                           .endpoints(List.of(Endpoint.access(ACCESS), Endpoint.trunk(TRUNK)))
                           .state(SliceState.ACTIVE).build());
        guard = new ControlPlaneGuard();
        guard.packetService = new PacketServiceAdapter() {
            @Override
            public void addProcessor(PacketProcessor processor, int priority) {
                processors.put(processor, priority);
            }

            @Override
            public void removeProcessor(PacketProcessor processor) {
                processors.remove(processor);
            }
        };
        guard.hostService = new HostServiceAdapter() {
            @Override
            public Set<Host> getConnectedHosts(ConnectPoint connectPoint) {
                return hosts.getOrDefault(connectPoint, Set.of());
            }
        };
        guard.hostAdminService = new FakeHostService();
        guard.mastershipService = new FakeMastershipService();
        guard.hostCapExecutor = Runnable::run;
        guard.sliceService = slices;
        guard.cfgService = new ComponentConfigAdapter();
        guard.infrastructure = () -> declared;
        guard.activate(new TestComponentContext().with(OsgiPropertyConstants.MAX_HOSTS_LEARNED_PER_ACCESS_PORT, 2));
    }

    @After
    public void tearDown() {
        guard.deactivate();
    }

    private static Ethernet frame(short type, String src) {
        Ethernet eth = new Ethernet();
        eth.setEtherType(type).setSourceMACAddress(src).setDestinationMACAddress("01:80:c2:00:00:0e");
        eth.setPayload(new org.onlab.packet.Data(new byte[46]));
        return eth;
    }

    // true if the guard blocked it (ONOS's providers would skip it)
    private boolean blocked(ConnectPoint in, short type, String src) {
        Context context = new Context(in, frame(type, src));
        guard.process(context);
        return context.isHandled();
    }

    private void learnt(ConnectPoint at, String... macs) {
        Set<Host> known = new HashSet<>();
        for (String mac : macs) {
            known.add(new DefaultHost(ProviderId.NONE, HostId.hostId(MacAddress.valueOf(mac), VlanId.NONE),
                                      MacAddress.valueOf(mac), VlanId.NONE, new HostLocation(at, 0), Set.of()));
        }
        hosts.put(at, known);
    }

    @Test
    public void theGuardRunsBeforeOnosProviders() {
        assertEquals(Set.of(0), new HashSet<>(processors.values()));
        assertTrue("before the LLDP provider's advisor(0)", processors.values().iterator().next()
                < PacketProcessor.advisor(0));
    }

    @Test
    public void withoutDeclarationProbesAreRefusedOnAccessPortsOnly() {
        assertTrue("LLDP relayed by a tenant's host", blocked(ACCESS, Ethernet.TYPE_LLDP, "00:00:00:00:00:01"));
        assertTrue("BDDP relayed by a tenant's host", blocked(ACCESS, Ethernet.TYPE_BSN, "00:00:00:00:00:01"));
        assertEquals(false, blocked(TRUNK, Ethernet.TYPE_LLDP, "00:00:00:00:00:01"));
        assertEquals(false, blocked(SPARE, Ethernet.TYPE_LLDP, "00:00:00:00:00:01"));
    }

    @Test
    public void withDeclarationProbesAreTakenFromInfrastructurePortsOnly() {
        declared = Optional.of(Set.of(TRUNK));
        assertEquals(false, blocked(TRUNK, Ethernet.TYPE_LLDP, "00:00:00:00:00:01"));
        assertTrue(blocked(SPARE, Ethernet.TYPE_LLDP, "00:00:00:00:00:01"));
        assertTrue(blocked(ACCESS, Ethernet.TYPE_BSN, "00:00:00:00:00:01"));
    }

    @Test
    public void hostsBeyondTheCapOfAnAccessPortAreNotLearnt() {
        learnt(ACCESS, "00:00:00:00:00:0a");
        assertEquals("below the cap", false, blocked(ACCESS, Ethernet.TYPE_ARP, "00:00:00:00:00:0b"));
        learnt(ACCESS, "00:00:00:00:00:0a", "00:00:00:00:00:0b");
        List<Boolean> random = List.of("02:11:22:33:44:01", "02:11:22:33:44:02", "02:11:22:33:44:03").stream()
                .map(mac -> blocked(ACCESS, Ethernet.TYPE_ARP, mac)).collect(Collectors.toList());
        assertEquals("new MACs at the cap", List.of(true, true, true), random);
        assertEquals("a known host still talks", false, blocked(ACCESS, Ethernet.TYPE_IPV4, "00:00:00:00:00:0a"));
        learnt(TRUNK, "00:00:00:00:00:0a", "00:00:00:00:00:0b", "00:00:00:00:00:0c");
        assertEquals("no cap on a trunk", false, blocked(TRUNK, Ethernet.TYPE_ARP, "00:00:00:00:00:0d"));
    }
}

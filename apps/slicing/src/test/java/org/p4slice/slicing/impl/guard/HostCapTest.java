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
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.net.provider.ProviderId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.FakeHostService;
import org.p4slice.testbed.FakeMastershipService;
import org.p4slice.testbed.FixedSliceService;
import org.p4slice.testbed.TestComponentContext;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;

/**
 * ONOS 2.7's host provider learns a host from every packet-in, even one the guard blocked: the hosts it
 * learns beyond the cap of a capped port are removed from ONOS's host store again, the first ones kept.
 */
public class HostCapTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final ConnectPoint ACCESS = ConnectPoint.deviceConnectPoint("device:bmv2:s1/1");
    private static final ConnectPoint TRUNK = ConnectPoint.deviceConnectPoint("device:bmv2:s1/3");
    private static final ConnectPoint SPARE = ConnectPoint.deviceConnectPoint("device:bmv2:s1/7");
    private static final int CAP = 3;

    private final FixedSliceService slices = new FixedSliceService();
    private final FakeHostService hosts = new FakeHostService();
    private final FakeMastershipService mastership = new FakeMastershipService();
    private Optional<Set<ConnectPoint>> declared = Optional.empty();
    private ControlPlaneGuard guard;

    private static Slice slice(ConnectPoint access) {
        return Slice.builder().id(SliceId.of(1)).name("lab").tenant(TenantId.of("itb"))
                .vlan(VlanId.vlanId((short) 100)).quotaBps(1_000_000L)
                .endpoints(List.of(Endpoint.access(access), Endpoint.trunk(TRUNK)))
                .state(SliceState.ACTIVE).build();
    }

    @Before
    public void setUp() {
        slices.put(slice(ACCESS));
        guard = new ControlPlaneGuard();
        guard.packetService = new PacketServiceAdapter();
        guard.hostService = hosts;
        guard.hostAdminService = hosts;
        guard.mastershipService = mastership;
        guard.hostCapExecutor = Runnable::run;
        guard.sliceService = slices;
        guard.cfgService = new ComponentConfigAdapter();
        guard.infrastructure = () -> declared;
    }

    private void start() {
        guard.activate(new TestComponentContext().with(OsgiPropertyConstants.MAX_HOSTS_LEARNED_PER_ACCESS_PORT,
                                                       CAP));
    }

    @After
    public void tearDown() {
        guard.deactivate();
    }

    private static String mac(int i) {
        return String.format("02:00:00:00:00:%02x", i);
    }

    private void learn(ConnectPoint at, int... macs) {
        for (int i : macs) {
            hosts.place(MacAddress.valueOf(mac(i)), at);
        }
    }

    private Set<String> macsAt(ConnectPoint at) {
        return hosts.getConnectedHosts(at).stream().map(h -> h.id().toString())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> ids(int... macs) {
        Set<String> ids = new TreeSet<>();
        for (int i : macs) {
            ids.add(HostId.hostId(MacAddress.valueOf(mac(i)), VlanId.NONE).toString());
        }
        return ids;
    }

    @Test
    public void hostsBeyondTheCapOfAnAccessPortAreRemovedTheFirstKept() {
        start();
        learn(ACCESS, 1, 2, 3);
        for (int i = 10; i < 200; i++) {
            learn(ACCESS, i);
        }
        assertEquals(ids(1, 2, 3), macsAt(ACCESS));
        assertEquals(190, guard.hostsRemoved());
        // a host that leaves frees its place for the next newcomer
        hosts.removeHost(HostId.hostId(MacAddress.valueOf(mac(2)), VlanId.NONE));
        learn(ACCESS, 201, 202);
        assertEquals(ids(1, 3, 201), macsAt(ACCESS));
    }

    @Test
    public void hostIdsAreCountedNotMacs() {
        start();
        MacAddress one = MacAddress.valueOf(mac(1));
        for (short vlan = 10; vlan < 20; vlan++) {
            hosts.place(one, VlanId.vlanId(vlan), ACCESS);
        }
        assertEquals(CAP, hosts.getConnectedHosts(ACCESS).size());
        assertEquals(Set.of(10, 11, 12), hosts.getConnectedHosts(ACCESS).stream()
                .map(h -> (int) h.vlan().toShort()).collect(Collectors.toSet()));
    }

    @Test
    public void onlyTheMasterOfThePortsDeviceRemoves() {
        mastership.masteredElsewhere(S1);
        start();
        learn(ACCESS, 1, 2, 3, 4, 5);
        assertEquals("another instance acts", 5, hosts.getConnectedHosts(ACCESS).size());
        assertEquals(0, guard.hostsRemoved());
    }

    @Test
    public void hostsTheOperatorConfiguredAreKept() {
        start();
        learn(ACCESS, 1, 2, 3);
        HostId configured = HostId.hostId(MacAddress.valueOf(mac(9)), VlanId.NONE);
        hosts.put(new DefaultHost(ProviderId.NONE, configured, configured.mac(), VlanId.NONE,
                                  new HostLocation(ACCESS, hosts.nextTime()), Set.of(), true));
        assertEquals("the operator's host is kept, the last learnt one leaves", ids(1, 2, 9), macsAt(ACCESS));
    }

    @Test
    public void portsThatAreNoAccessPortAreNotCappedUntilInfrastructureIsDeclared() {
        start();
        learn(SPARE, 1, 2, 3, 4, 5);
        learn(TRUNK, 11, 12, 13, 14, 15);
        assertEquals(5, hosts.getConnectedHosts(SPARE).size());
        declared = Optional.of(Set.of(TRUNK));
        learn(SPARE, 6);
        assertEquals("a port in no slice once infrastructure is declared", ids(1, 2, 3), macsAt(SPARE));
        learn(TRUNK, 16);
        assertEquals("an infrastructure port", 6, hosts.getConnectedHosts(TRUNK).size());
    }

    @Test
    public void aPortThatBecomesAnAccessPortIsTrimmedAndAtActivationToo() {
        learn(SPARE, 1, 2, 3, 4, 5);
        start();
        assertEquals(5, hosts.getConnectedHosts(SPARE).size());
        Slice moved = slice(SPARE);
        slices.put(moved);
        slices.post(new SliceEvent(SliceEvent.Type.SLICE_UPDATED, moved, slice(ACCESS)));
        assertEquals(ids(1, 2, 3), macsAt(SPARE));
        learn(ACCESS, 21, 22, 23, 24);
        guard.deactivate();
        start();
        assertEquals("no longer capped", 4, hosts.getConnectedHosts(ACCESS).size());
        declared = Optional.of(Set.of(TRUNK));
        guard.deactivate();
        start();
        assertEquals("capped again: trimmed at activation", ids(21, 22, 23), macsAt(ACCESS));
    }

    @Test
    public void aFloodOfRandomMacsNeverHoldsMoreThanTheCapAtAnyTime() {
        start();
        learn(ACCESS, 1);
        for (int i = 0; i < 1000; i++) {
            hosts.place(MacAddress.valueOf(0x020000000000L + 0x1000 + i), ACCESS);
            assertEquals(true, hosts.getConnectedHosts(ACCESS).size() <= CAP);
        }
        assertEquals(true, macsAt(ACCESS).containsAll(ids(1)));
    }
}

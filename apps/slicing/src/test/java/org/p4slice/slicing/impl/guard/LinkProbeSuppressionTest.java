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

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.basics.BasicFeatureConfig;
import org.onosproject.net.config.basics.SubjectFactories;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.FakeMastershipService;
import org.p4slice.testbed.FakeNetworkConfigRegistry;
import org.p4slice.testbed.FixedSliceService;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;

/**
 * ONOS's LLDP provider sends no probe out of a port whose {@code ports → linkDiscovery} configuration says
 * {@code "enabled": false}: p4slice writes it for every access port of its slices (marked as its own), and
 * takes back only its own when the port is no longer an access port.
 */
public class LinkProbeSuppressionTest {

    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    private static final ConnectPoint S1_1 = ConnectPoint.deviceConnectPoint("device:bmv2:s1/1");
    private static final ConnectPoint S1_2 = ConnectPoint.deviceConnectPoint("device:bmv2:s1/2");
    private static final ConnectPoint S1_3 = ConnectPoint.deviceConnectPoint("device:bmv2:s1/3");
    private static final ConnectPoint S2_1 = ConnectPoint.deviceConnectPoint("device:bmv2:s2/1");
    private static final ConnectPoint S2_3 = ConnectPoint.deviceConnectPoint("device:bmv2:s2/3");

    /** What ONOS 2.7's LLDP provider registers as {@code LinkDiscoveryFromPort}. */
    public static final class PortDiscovery extends BasicFeatureConfig<ConnectPoint> {
        public PortDiscovery() {
            super(true);
        }
    }

    private final ConfigFactory<ConnectPoint, PortDiscovery> lldpProvider = new ConfigFactory<>(
            SubjectFactories.CONNECT_POINT_SUBJECT_FACTORY, PortDiscovery.class, "linkDiscovery") {
        @Override
        public PortDiscovery createConfig() {
            return new PortDiscovery();
        }
    };

    private final FixedSliceService slices = new FixedSliceService();
    private final FakeNetworkConfigRegistry netcfg = new FakeNetworkConfigRegistry();
    private final FakeMastershipService mastership = new FakeMastershipService();
    private Optional<Set<ConnectPoint>> declared = Optional.of(Set.of(S1_3, S2_3));
    private LinkProbeSuppression probes;

    private static Slice slice(int id, ConnectPoint... access) {
        Endpoint[] endpoints = new Endpoint[access.length];
        for (int i = 0; i < access.length; i++) {
            endpoints[i] = Endpoint.access(access[i]);
        }
        return Slice.builder().id(SliceId.of(id)).name("s" + id).tenant(TenantId.of("itb"))
                .vlan(VlanId.vlanId((short) (100 + id))).quotaBps(1_000_000L).endpoints(List.of(endpoints))
                .state(SliceState.ACTIVE).build();
    }

    @Before
    public void setUp() {
        probes = new LinkProbeSuppression();
        probes.netcfgService = netcfg;
        probes.sliceService = slices;
        probes.mastershipService = mastership;
        probes.infrastructure = () -> declared;
        probes.executor = Runnable::run;
    }

    @After
    public void tearDown() {
        probes.deactivate();
    }

    // port -> its linkDiscovery JSON
    private Map<String, String> configured() {
        Map<String, String> out = new TreeMap<>();
        for (ConnectPoint cp : netcfg.getSubjects(ConnectPoint.class, PortDiscovery.class)) {
            out.put(cp.toString(), netcfg.getConfig(cp, PortDiscovery.class).node().toString());
        }
        return out;
    }

    private static final String OFF = "{\"enabled\":false,\"setBy\":\"org.p4slice\"}";

    private void add(Slice s) {
        slices.put(s);
        slices.post(new SliceEvent(SliceEvent.Type.SLICE_ADDED, s));
    }

    private void remove(Slice s) {
        slices.slices.remove(s.id());
        slices.post(new SliceEvent(SliceEvent.Type.SLICE_REMOVED, s));
    }

    @Test
    public void probesAreOffAtEveryAccessPortAndBackWhenItIsNoLonger() {
        netcfg.registerConfigFactory(lldpProvider);
        probes.activate();
        Slice a = slice(1, S1_1, S2_1);
        add(a);
        add(slice(2, S1_2));
        assertEquals(Map.of(S1_1.toString(), OFF, S2_1.toString(), OFF, S1_2.toString(), OFF), configured());
        assertEquals(false, netcfg.getConfig(S1_1, PortDiscovery.class).enabled());
        remove(a);
        assertEquals(Map.of(S1_2.toString(), OFF), configured());
    }

    @Test
    public void theOperatorsOwnConfigurationIsLeftAlone() throws Exception {
        netcfg.registerConfigFactory(lldpProvider);
        String operators = "{\"enabled\":true}";
        netcfg.applyConfig(S1_1, PortDiscovery.class, new ObjectMapper().readTree(operators));
        netcfg.applyConfig(S1_2, PortDiscovery.class, new ObjectMapper().readTree("{\"enabled\":false}"));
        probes.activate();
        Slice a = slice(1, S1_1);
        add(a);
        assertEquals(Map.of(S1_1.toString(), operators, S1_2.toString(), "{\"enabled\":false}"), configured());
        remove(a);
        assertEquals(Map.of(S1_1.toString(), operators, S1_2.toString(), "{\"enabled\":false}"), configured());
    }

    @Test
    public void atActivationOnceOnosLldpProviderRuns() {
        slices.put(slice(1, S1_1));
        probes.activate();
        assertEquals("no LLDP provider, no probes", Map.of(), configured());
        netcfg.registerConfigFactory(lldpProvider);
        probes.deactivate();
        probes.activate();
        assertEquals(Map.of(S1_1.toString(), OFF), configured());
    }

    @Test
    public void anOperatorRemovingOursGetsItBackAndOnlyTheMasterWrites() {
        netcfg.registerConfigFactory(lldpProvider);
        mastership.masteredElsewhere(S2);
        probes.activate();
        add(slice(1, S1_1, S2_1));
        assertEquals("s2's master writes s2's ports", Map.of(S1_1.toString(), OFF), configured());
        netcfg.removeConfig(S1_1, PortDiscovery.class);
        assertEquals(Map.of(S1_1.toString(), OFF), configured());
        mastership.becomeMaster(S2);
        assertEquals(Map.of(S1_1.toString(), OFF, S2_1.toString(), OFF), configured());
    }
}

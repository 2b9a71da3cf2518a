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

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.testbed.SlicingTestbed;

import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Trunks are the operator's: once the infrastructure ports are declared, a link ONOS learnt between two
 * tenant ports (probes a tenant's hosts relayed from s1/1 to s2/1) never carries a slice's trunk, even
 * though it is as short as the real one and sorts first.
 */
public class InfrastructureTrunksTest {

    private SlicingTestbed bed;
    private DeviceId s1;
    private DeviceId s2;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        s1 = bed.addSwitch("s1", 8, 1000);
        s2 = bed.addSwitch("s2", 8, 1000);
    }

    @After
    public void tearDown() {
        bed.stop();
    }

    private void declare(String... ports) {
        var array = bed.slicingJson().putArray("infrastructurePorts");
        for (String p : ports) {
            array.add(p);
        }
    }

    @Test
    public void aFakeLinkBetweenTenantPortsNeverCarriesATrunk() {
        Link real = bed.connect(cp(s1, 3), cp(s2, 3));
        bed.connect(cp(s1, 1), cp(s2, 1));
        declare("device:bmv2:s1/3", "device:bmv2:s2/3");
        bed.start();
        Slice slice = bed.manager.createSlice(request("lab", Endpoint.access(cp(s1, 5)), Endpoint.access(cp(s2, 5)))
                                                      .build());
        assertEquals(Set.of(real), slice.trunkLinks());
    }

    @Test
    public void withOnlyAFakeLinkATwoSwitchSliceIsRefusedAndNothingIsStored() {
        bed.connect(cp(s1, 1), cp(s2, 1));
        declare("device:bmv2:s1/3", "device:bmv2:s2/3");
        bed.start();
        try {
            bed.manager.createSlice(request("lab", Endpoint.access(cp(s1, 5)), Endpoint.access(cp(s2, 5))).build());
            fail("a slice was given a trunk over a link between tenant ports");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.INVALID, e.kind());
            assertEquals("devices device:bmv2:s1 and device:bmv2:s2 are not connected: no path between them in the "
                                 + "topology over links between the declared infrastructure ports", e.getMessage());
        }
        assertEquals(0, bed.manager.getSlices().size());
    }

    private static final String S1_3_IS_INFRASTRUCTURE = "port device:bmv2:s1/3 is declared an infrastructure port"
            + " (infrastructurePorts in the p4slice netcfg); it can only be a trunk endpoint, not an access endpoint";

    @Test
    public void aDeclaredInfrastructurePortWhoseLinkIsDownIsNeverAnAccessPort() {
        // s1/3-s2/3 is down: ONOS knows no link there, the operator's declaration still holds
        declare("device:bmv2:s1/3", "device:bmv2:s2/3");
        bed.start();
        try {
            bed.manager.createSlice(request("lab", Endpoint.access(cp(s1, 3)), Endpoint.access(cp(s1, 5))).build());
            fail("a declared infrastructure port was taken as an access port");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.INVALID, e.kind());
            assertEquals(S1_3_IS_INFRASTRUCTURE, e.getMessage());
        }
        assertEquals(0, bed.manager.getSlices().size());
    }

    @Test
    public void anUpdateCannotMoveAnAccessPortOntoADeclaredInfrastructurePort() {
        declare("device:bmv2:s1/3", "device:bmv2:s2/3");
        bed.start();
        Slice slice = bed.manager.createSlice(request("lab", Endpoint.access(cp(s1, 5)), Endpoint.access(cp(s1, 6)))
                                                      .build());
        try {
            bed.manager.updateSlice(slice.id(), request("lab", Endpoint.access(cp(s1, 3)),
                                                        Endpoint.access(cp(s1, 6))).build());
            fail("an update took a declared infrastructure port as an access port");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.INVALID, e.kind());
            assertEquals(S1_3_IS_INFRASTRUCTURE, e.getMessage());
        }
        assertEquals(slice.endpoints(), bed.manager.getSlice(slice.id()).orElseThrow().endpoints());
    }
}

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
package org.p4slice.slicing.codec;

import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.DeviceShape;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;

/**
 * The JSON of the devices' outcomes of a slice, the body of GET /slices/{id}/devices.
 */
public class DeviceOutcomeCodecTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");

    @Test
    public void encodesEachDeviceWithItsShape() {
        Slice slice = Slice.builder().id(SliceId.of(3)).name("lab").tenant(ITB).vlan(VlanId.vlanId((short) 120))
                .quotaBps(8_000_000).burstBytes(65536)
                .endpoints(Set.of(Endpoint.access(cp(S1, 2)), Endpoint.access(cp(S1, 1)),
                                  Endpoint.trunk(cp(S2, 5))))
                .state(SliceState.ACTIVE).build();
        Map<DeviceId, DeviceOutcome> outcomes = new LinkedHashMap<>();
        outcomes.put(S1, DeviceOutcome.of(DeviceShape.of(slice, S1), SliceState.ACTIVE, "ignored unless FAILED", 7));
        outcomes.put(S2, DeviceOutcome.of(DeviceShape.of(slice, S2), SliceState.FAILED, "s2 is down", 8));
        String fingerprint = DeviceShape.fingerprint(slice);
        assertThat(SlicingCodecs.DEVICE_OUTCOME.sliceDevices(slice.id(), outcomes, SlicingCodecs.context()).toString(),
                   is("{\"slice\":3,\"devices\":["
                              + "{\"device\":\"device:bmv2:s1\",\"state\":\"ACTIVE\",\"reason\":null,\"updated\":7,"
                              + "\"shape\":{\"fingerprint\":\"" + fingerprint + "\",\"vlan\":120,\"quotaBps\":8000000,"
                              + "\"burstBytes\":65536,\"accessPorts\":[\"1\",\"2\"],\"trunkPorts\":[]}},"
                              + "{\"device\":\"device:bmv2:s2\",\"state\":\"FAILED\",\"reason\":\"s2 is down\","
                              + "\"updated\":8,\"shape\":{\"fingerprint\":\"" + fingerprint + "\",\"vlan\":120,"
                              + "\"quotaBps\":8000000,\"burstBytes\":65536,\"accessPorts\":[],"
                              + "\"trunkPorts\":[\"5\"]}}]}"));
        assertThat(fingerprint.matches("[0-9a-f]{16}"), is(true));
    }
}

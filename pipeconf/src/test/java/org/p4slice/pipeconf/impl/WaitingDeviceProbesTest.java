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
package org.p4slice.pipeconf.impl;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.provider.ProviderId;

import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;

/**
 * Tests of {@link WaitingDeviceProbes}: which devices are probed, and through which provider.
 */
public class WaitingDeviceProbesTest {

    private static final PiPipeconfId OURS = new PiPipeconfId("org.p4slice.bmv2");

    private WaitingDevices network;
    private WaitingDevices.RecordingProvider general;
    private WaitingDevices.RecordingProvider ancillary;
    private WaitingDevices.RecordingProvider openflow;

    @Before
    public void setUp() {
        network = new WaitingDevices();
        general = new WaitingDevices.RecordingProvider(
                new ProviderId("device", "org.onosproject.general.provider.device"), () -> "");
        ancillary = new WaitingDevices.RecordingProvider(
                new ProviderId("device", "org.example.annotations", true), () -> "");
        openflow = new WaitingDevices.RecordingProvider(new ProviderId("of", "org.onosproject.provider.openflow"),
                                                        () -> "");
    }

    private List<DeviceId> probe() {
        return new WaitingDeviceProbes(network.configService, network.deviceService)
                .probe(Set.of(OURS), List.of(ancillary, openflow, general));
    }

    @Test
    public void aConfiguredDeviceWaitingForOurPipeconfIsProbedByThePrimaryProviderOfItsScheme() {
        DeviceId s1 = network.configure("device:bmv2:s1", OURS.id());

        assertEquals(List.of(s1), probe());
        assertEquals(List.of(s1), general.probed);
        assertEquals("an ancillary provider does not connect devices", List.of(), ancillary.probed);
        assertEquals("another scheme's provider is not asked", List.of(), openflow.probed);
    }

    @Test
    public void devicesAlreadyAvailableOrOnAnotherPipeconfOrWithoutOneAreLeftAlone() {
        DeviceId waiting = network.configure("device:bmv2:s1", OURS.id());
        network.available.add(network.configure("device:bmv2:s2", OURS.id()));
        network.configure("device:bmv2:s3", "org.onosproject.pipelines.basic");
        network.configure("device:bmv2:s4", null);

        assertEquals(List.of(waiting), probe());
        assertEquals(List.of(waiting), general.probed);
    }

    @Test
    public void aDeviceWhoseSchemeHasNoProviderIsNotProbedAndNothingFails() {
        network.configure("netconf:10.0.0.1:830", OURS.id());

        assertEquals(List.of(), probe());
        assertEquals(List.of(), general.probed);
        assertEquals(List.of(), openflow.probed);
    }
}

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
package org.p4slice.pipeconf.behaviour;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.p4slice.pipeconf.behaviour.P4RuntimeAccess.P4RuntimeAccessException;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * Tests of the P4Runtime device id parsing of {@link P4RuntimeAccess}.
 */
public class P4RuntimeAccessTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:s1");

    @Test
    public void deviceIdIsTakenFromTheQuery() throws P4RuntimeAccessException {
        assertEquals(1L, P4RuntimeAccess.p4DeviceId(DEVICE, "grpc://127.0.0.1:50001?device_id=1"));
        assertEquals(12L, P4RuntimeAccess.p4DeviceId(DEVICE, "grpc://h:1?x=2&device_id=12&y=3"));
        assertEquals(5L, P4RuntimeAccess.p4DeviceId(DEVICE, "grpc://h:1?device_id=%35"));
        assertEquals(-1L, P4RuntimeAccess.p4DeviceId(DEVICE, "grpc://h:1?device_id=18446744073709551615"));
    }

    @Test
    public void badAddressesAreNamed() {
        assertBad("grpc://h:1", "has no device_id parameter");
        assertBad("grpc://h:1?devid=1", "has no device_id parameter");
        assertBad("grpc://h:1?device_id=one", "device_id 'one' is not a number");
        assertBad("grpc://h :1", "is not a URI");
    }

    private static void assertBad(String address, String expected) {
        try {
            P4RuntimeAccess.p4DeviceId(DEVICE, address);
            fail(address + " must be refused");
        } catch (P4RuntimeAccessException e) {
            assertThat(e.getMessage(), containsString(expected));
            assertThat(e.getMessage(), containsString(DEVICE.toString()));
        }
    }
}

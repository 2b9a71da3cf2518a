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

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.testbed.Answer;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.TwoSwitches;

import java.util.Collections;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * A switch that has not yet taken ONOS's new election id refuses a write of this instance, its
 * master, as "not primary" (as bmv2 does while ONOS re-asserts MASTER right after connecting it):
 * the slice's multicast group (or meter cell) is written again, a bounded number of times, and the
 * slice is ACTIVE if a try is accepted; only a refusal on every try, or any other refusal at once,
 * makes it FAILED.
 */
public class NotPrimaryRetryTest {

    /** Tries of a write refused as not primary, the first included. */
    private static final int TRIES = 3;

    private SlicingTestbed bed;
    private DeviceId s1;
    private String groupOnS1;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        s1 = TwoSwitches.addTo(bed).s1;
        bed.start();
        groupOnS1 = s1 + " 1";
    }

    private Slice createLab() {
        return bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s1, 2)))
                                               .build());
    }

    @Test
    public void aGroupRefusedOnceAsNotPrimaryIsWrittenAgainAndTheSliceIsActive() {
        bed.groups.refuseAsNotPrimary(s1, 1);

        Slice slice = createLab();

        assertEquals(SliceState.ACTIVE, slice.state());
        assertFalse(slice.reason().isPresent());
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(slice.id()).get().state());
        assertEquals(List.of(groupOnS1, groupOnS1), bed.groups.writeAttempts());
        assertEquals(List.of("add " + groupOnS1), bed.groups.operations());
        assertEquals(2, bed.groups.installed(s1).get(0).replicas().size());
    }

    @Test
    public void aGroupRefusedAsNotPrimaryOnEveryTryFailsTheSliceNamingTheRefusalAndTheTries() {
        bed.groups.refuseAsNotPrimary(s1, Integer.MAX_VALUE);

        Slice slice = createLab();

        assertEquals(SliceState.FAILED, slice.state());
        String reason = slice.reason().get();
        assertTrue(reason, reason.contains("multicast group 1 on device:bmv2:s1: writing multicast group 1 to "
                + "device:bmv2:s1 failed: OTHER_ERROR group 1: io.grpc.StatusRuntimeException: "
                + "PERMISSION_DENIED: Not primary"));
        assertTrue(reason, reason.contains("(refused as not primary 3 times in 1500 ms, although ONOS names this "
                + "instance the device's master)"));
        assertEquals(Collections.nCopies(TRIES, groupOnS1), bed.groups.writeAttempts());
        assertEquals(List.of(), bed.groups.installed(s1));
        // the table entries are not submitted: nothing is classified into a slice without its group
        assertEquals(List.of(), bed.flows.installed(s1));
    }

    @Test
    public void anyOtherRefusalFailsTheSliceAfterOneWrite() {
        bed.groups.writeAnswers().put(s1, Answer.FAIL);

        Slice slice = createLab();

        assertEquals(SliceState.FAILED, slice.state());
        String reason = slice.reason().get();
        assertTrue(reason, reason.contains("multicast group 1 on device:bmv2:s1: writing multicast group 1 to "
                + "device:bmv2:s1 failed: OTHER_ERROR refused by the device"));
        assertFalse(reason, reason.contains("not primary"));
        assertEquals(List.of(groupOnS1), bed.groups.writeAttempts());
        assertEquals(List.of(), bed.groups.installed(s1));
    }

    @Test
    public void aMeterCellRefusedTwiceAsNotPrimaryIsWrittenOnTheThirdTry() {
        bed.meters.refuseAsNotPrimary(s1, 2);

        Slice slice = createLab();

        assertEquals(SliceState.ACTIVE, slice.state());
        String cell = "device:bmv2:s1 P4SliceIngress.slice_meter[1]";
        assertEquals(List.of("refused " + cell, "refused " + cell, "submit " + cell), bed.meters.operations());
        assertEquals(List.of(groupOnS1), bed.groups.writeAttempts());
    }

    @Test
    public void aDeviceThisInstanceDoesNotMasterIsNotWrittenAtAll() {
        bed.meters.setLocalMaster(s1, false);
        bed.groups.refuseAsNotPrimary(s1, Integer.MAX_VALUE);

        Slice slice = createLab();

        assertEquals(SliceState.FAILED, slice.state());
        assertTrue(slice.reason().get(), slice.reason().get().contains(
                "multicast group 1 on device:bmv2:s1: this instance is not the master of device:bmv2:s1"));
        assertEquals(List.of(), bed.groups.writeAttempts());
    }
}

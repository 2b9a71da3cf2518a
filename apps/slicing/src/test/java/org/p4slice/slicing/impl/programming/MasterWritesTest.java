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
package org.p4slice.slicing.impl.programming;

import org.junit.Test;
import org.p4slice.pipeconf.SliceDeviceException;
import org.p4slice.testbed.RecordingMeterCells;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.p4slice.testbed.PlanFixtures.S1;

/**
 * Which refusals of a meter cell or group write are the switch's transient "not primary": the
 * texts are ONOS 2.7's (a write refused as a whole: the StatusRuntimeException's text; an entity
 * refused: its P4Runtime error) as the pipeconf's behaviours pass them on; and that a refusal is not
 * tried again on a device this instance no longer masters.
 */
public class MasterWritesTest {

    @Test
    public void aWriteRefusedAsAWholeWithPermissionDeniedIsNotPrimary() {
        // bmv2 (PI) and Stratum, as ONOS reports the refused write of each entity
        assertTrue(MasterWrites.notPrimary("writing multicast group 3 to device:bmv2:s1 failed: OTHER_ERROR "
                + "PiMulticastGroupEntry{groupId=0x3}: io.grpc.StatusRuntimeException: "
                + "PERMISSION_DENIED: Not primary"));
        assertTrue(MasterWrites.notPrimary("writing meter cells to device:tofino:1 failed: OTHER_ERROR cell: "
                + "io.grpc.StatusRuntimeException: PERMISSION_DENIED: Only the primary connection can issue "
                + "requests, but this SDN connection for role <default> with election ID 40 is not primary."));
    }

    @Test
    public void otherRefusalsAreNot() {
        // an entity the switch refused with PERMISSION_DENIED for what it is (e.g. a const table)
        assertFalse(MasterWrites.notPrimary("writing meter cells to device:bmv2:s1 failed: OTHER_ERROR cell: "
                + "PERMISSION_DENIED Cannot modify a const table (p4rt:0)"));
        assertFalse(MasterWrites.notPrimary("writing multicast group 3 to device:bmv2:s1 failed: OTHER_ERROR "
                + "group: io.grpc.StatusRuntimeException: UNAVAILABLE: io exception"));
        assertFalse(MasterWrites.notPrimary("writing meter cells to device:bmv2:s1 failed: INVALID_ARGUMENT"));
        assertFalse(MasterWrites.notPrimary("cannot write multicast group 3: device device:bmv2:s1 has no "
                + "pipeconf bound"));
        assertFalse(MasterWrites.notPrimary(null));
    }

    @Test
    public void aDeviceThisInstanceStoppedMasteringIsNotTriedAgain() {
        RecordingMeterCells devices = new RecordingMeterCells();
        List<String> tries = new ArrayList<>();
        MasterWrites writes = new MasterWrites(devices, Executors.newSingleThreadScheduledExecutor());
        Optional<String> failure = writes.write(S1, "multicast group 1 on " + S1, () -> {
            tries.add("write");
            // mastership moves to another instance while the switch refuses this one
            devices.setLocalMaster(S1, false);
            throw new SliceDeviceException("writing multicast group 1 to " + S1 + " failed: OTHER_ERROR group 1: "
                    + "io.grpc.StatusRuntimeException: PERMISSION_DENIED: Not primary");
        });
        assertEquals(Optional.of("this instance is not the master of device:bmv2:s1"), failure);
        assertEquals(List.of("write"), tries);
    }

    /** Records what is scheduled instead of running it. */
    private static final class RecordingScheduler extends ScheduledThreadPoolExecutor {
        final List<Long> delaysMs = new ArrayList<>();

        RecordingScheduler() {
            super(1);
        }

        @Override
        public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
            delaysMs.add(unit.toMillis(delay));
            return null;
        }
    }

    @Test
    public void aFailedFlowBatchIsSubmittedAgainAfterTheBackoffWhileTriesRemain() {
        RecordingMeterCells devices = new RecordingMeterCells();
        RecordingScheduler scheduler = new RecordingScheduler();
        MasterWrites writes = new MasterWrites(devices, scheduler);

        assertEquals(Optional.empty(), writes.resubmitLater(S1, 1, "6 table entries on " + S1, () -> { }));
        assertEquals(Optional.empty(), writes.resubmitLater(S1, 2, "6 table entries on " + S1, () -> { }));
        assertEquals(Optional.of("3 tries in 1500 ms"),
                     writes.resubmitLater(S1, 3, "6 table entries on " + S1, () -> { }));
        assertEquals(List.of(500L, 1000L), scheduler.delaysMs);
        scheduler.shutdown();
    }

    @Test
    public void aFailedFlowBatchIsNotSubmittedAgainOnADeviceNotAvailableOrNotMasteredHere() {
        RecordingMeterCells devices = new RecordingMeterCells();
        RecordingScheduler scheduler = new RecordingScheduler();
        MasterWrites writes = new MasterWrites(devices, scheduler);

        devices.setLocalMaster(S1, false);
        assertEquals(Optional.of("this instance is not the master of device:bmv2:s1"),
                     writes.resubmitLater(S1, 1, "6 table entries on " + S1, () -> { }));
        devices.setAvailable(S1, false);
        assertEquals(Optional.of("device device:bmv2:s1 is not available"),
                     writes.resubmitLater(S1, 1, "6 table entries on " + S1, () -> { }));
        assertEquals(List.of(), scheduler.delaysMs);
        scheduler.shutdown();
    }
}

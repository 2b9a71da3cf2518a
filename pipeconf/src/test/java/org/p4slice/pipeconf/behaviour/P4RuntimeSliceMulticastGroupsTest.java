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

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.PortNumber;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.net.pi.runtime.PiPreReplica;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateStatus;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.UpdateType;
import org.p4slice.pipeconf.SliceDeviceException;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;
import org.p4slice.pipeconf.SliceMulticastGroups;
import org.p4slice.pipeconf.tofino.TofinoTarget;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * Tests of {@link P4RuntimeSliceMulticastGroups} against a fake P4Runtime client: what is written,
 * the fall-back to MODIFY for a group the device holds, removal of an absent group, refusals.
 */
public class P4RuntimeSliceMulticastGroupsTest {

    private static final List<PortNumber> PORTS = List.of(PortNumber.portNumber(1), PortNumber.portNumber(3));

    private TestP4RuntimeDevice device;
    private P4RuntimeSliceMulticastGroups groups;

    @Before
    public void setUp() {
        device = new TestP4RuntimeDevice();
        groups = new P4RuntimeSliceMulticastGroups();
        groups.setHandler(device.handler);
    }

    private void onTofino() {
        device = new TestP4RuntimeDevice(P4SlicePipeconfs.tofino(TofinoTarget.TWO_PIPE_STRATUM.id()));
        groups = new P4RuntimeSliceMulticastGroups();
        groups.setHandler(device.handler);
    }

    private List<UpdateType> types() {
        return device.client.writes.stream().flatMap(w -> w.updates.stream()).map(u -> u.type)
                .collect(Collectors.toList());
    }

    @Test
    public void entryHasOneReplicaPerPortAsOnosTranslatesAnAllGroup() {
        PiMulticastGroupEntry entry = SliceMulticastGroups.entry(7, PORTS);
        assertEquals(7, entry.groupId());
        assertEquals(Set.of(new PiPreReplica(PortNumber.portNumber(1), 0),
                            new PiPreReplica(PortNumber.portNumber(3), 0)),
                     entry.replicas());
    }

    /**
     * On bmv2 a group the agent takes as new is deleted and inserted again: bmv2's replication engine keeps
     * a group across a pipeline push while its agent forgets it, and an insert alone would attach the new
     * replicas beside the old ones (every flood twice on every port after an upgrade in place).
     */
    @Test
    public void newGroupOnBmv2IsInsertedAfreshOnceTheAgentTookIt() {
        groups.write(7, PORTS);
        assertThat(types(), contains(UpdateType.INSERT, UpdateType.DELETE, UpdateType.INSERT));
        assertEquals(SliceMulticastGroups.entry(7, PORTS), device.client.writes.get(2).updates.get(0).entity);
        assertEquals(7, ((PiMulticastGroupEntry) device.client.writes.get(1).updates.get(0).entity).groupId());
    }

    /** Tofino's agents reset the replication engine with the pipeline: one insert. */
    @Test
    public void newGroupOnTofinoIsOneInsert() {
        onTofino();
        groups.write(7, PORTS);
        assertThat(types(), contains(UpdateType.INSERT));
        assertEquals(SliceMulticastGroups.entry(7, PORTS), device.client.writes.get(0).updates.get(0).entity);
        assertEquals(1, device.client.writes.get(0).submits);
    }

    @Test
    public void failedRenewalNamesTheDevice() {
        device.client.writeAnswer = write -> write.answer(write.updates.get(0).type == UpdateType.DELETE
                ? EntityUpdateStatus.OTHER_ERROR : EntityUpdateStatus.OK);
        try {
            groups.write(7, PORTS);
            fail("expected SliceDeviceException");
        } catch (SliceDeviceException e) {
            assertThat(e.getMessage(), containsString(
                    "renewing multicast group 7 on device:bmv2:s1 failed: OTHER_ERROR"));
        }
    }

    /**
     * On bmv2 a group the device holds (after an ONOS restart, a change of ports, or written by an earlier
     * release beside stale replicas) is deleted and inserted afresh, never modified: a MODIFY would keep stale
     * replicas the agent does not know.
     */
    @Test
    public void groupABmv2DeviceHoldsIsInsertedAfresh() {
        device.client.writeAnswer = write -> write.answer(write.updates.get(0).type == UpdateType.INSERT
                && write == device.client.writes.get(0) ? EntityUpdateStatus.ALREADY_EXIST : EntityUpdateStatus.OK);
        groups.write(7, PORTS);
        assertThat(types(), contains(UpdateType.INSERT, UpdateType.DELETE, UpdateType.INSERT));
        assertEquals(SliceMulticastGroups.entry(7, PORTS), device.client.writes.get(2).updates.get(0).entity);
    }

    /** On Tofino, after an ONOS restart or a change of ports the device holds the group: MODIFY replaces it. */
    @Test
    public void groupATofinoDeviceHoldsIsModified() {
        onTofino();
        device.client.writeAnswer = write -> write.answer(write.updates.get(0).type == UpdateType.INSERT
                ? EntityUpdateStatus.ALREADY_EXIST : EntityUpdateStatus.OK);
        groups.write(7, PORTS);
        assertThat(types(), contains(UpdateType.INSERT, UpdateType.MODIFY));
        assertEquals(SliceMulticastGroups.entry(7, PORTS), device.client.writes.get(1).updates.get(0).entity);
    }

    @Test
    public void refusedInsertIsNotRetriedAndNamesTheDevice() {
        device.client.writeAnswer = write -> write.answer(EntityUpdateStatus.OTHER_ERROR);
        try {
            groups.write(7, PORTS);
            fail("expected SliceDeviceException");
        } catch (SliceDeviceException e) {
            assertThat(e.getMessage(), containsString(
                    "writing multicast group 7 to device:bmv2:s1 failed: OTHER_ERROR"));
        }
        assertThat(types(), contains(UpdateType.INSERT));
    }

    @Test
    public void refusedModifyNamesTheDevice() {
        onTofino();
        device.client.writeAnswer = write -> write.answer(write.updates.get(0).type == UpdateType.INSERT
                ? EntityUpdateStatus.ALREADY_EXIST : EntityUpdateStatus.OTHER_ERROR);
        try {
            groups.write(7, PORTS);
            fail("expected SliceDeviceException");
        } catch (SliceDeviceException e) {
            assertThat(e.getMessage(), containsString(
                    "writing multicast group 7 to device:bmv2:s1 failed: OTHER_ERROR"));
        }
    }

    @Test
    public void removeIsOneDeleteOfTheGroupId() {
        groups.remove(7);
        assertThat(types(), contains(UpdateType.DELETE));
        assertEquals(7, ((PiMulticastGroupEntry) device.client.writes.get(0).updates.get(0).entity).groupId());
    }

    @Test
    public void removingAnAbsentGroupSucceeds() {
        device.client.writeAnswer = write -> write.answer(EntityUpdateStatus.NOT_FOUND);
        groups.remove(7);
        assertThat(types(), contains(UpdateType.DELETE));
    }

    @Test
    public void refusedRemovalNamesTheDevice() {
        device.client.writeAnswer = write -> write.answer(EntityUpdateStatus.OTHER_ERROR);
        try {
            groups.remove(7);
            fail("expected SliceDeviceException");
        } catch (SliceDeviceException e) {
            assertThat(e.getMessage(), containsString(
                    "removing multicast group 7 from device:bmv2:s1 failed: OTHER_ERROR"));
        }
    }
}

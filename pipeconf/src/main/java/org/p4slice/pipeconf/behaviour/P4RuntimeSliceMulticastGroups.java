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

import org.onosproject.net.PortNumber;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateResponse;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateStatus;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.UpdateType;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.WriteResponse;
import org.p4slice.pipeconf.SliceDeviceException;
import org.p4slice.pipeconf.SliceMulticastGroups;
import org.p4slice.pipeconf.behaviour.P4RuntimeAccess.P4RuntimeAccessException;

import java.util.Collection;

import static java.lang.String.format;

/**
 * {@link SliceMulticastGroups} over the device's P4Runtime client (see {@link P4RuntimeAccess}).
 */
public class P4RuntimeSliceMulticastGroups extends AbstractHandlerBehaviour implements SliceMulticastGroups {

    @Override
    public void write(int groupId, Collection<PortNumber> ports) {
        PiMulticastGroupEntry entry = SliceMulticastGroups.entry(groupId, ports);
        P4RuntimeAccess p4rt = access("write multicast group " + groupId);
        WriteResponse insert = submit(p4rt, entry, UpdateType.INSERT);
        if (!insert.isSuccess() && !has(insert, EntityUpdateStatus.ALREADY_EXIST)) {
            throw new SliceDeviceException(format("writing multicast group %d to %s failed: %s", groupId,
                                                  p4rt.deviceId(), WriteResponses.describe(insert)));
        }
        if (TargetFacts.of(handler()).groupsOutliveThePipeline()) {
            renew(p4rt, entry);
            return;
        }
        if (insert.isSuccess()) {
            return;
        }
        WriteResponse modify = submit(p4rt, entry, UpdateType.MODIFY);
        if (!modify.isSuccess()) {
            throw new SliceDeviceException(format("writing multicast group %d to %s failed: %s", groupId,
                                                  p4rt.deviceId(), WriteResponses.describe(modify)));
        }
    }

    /**
     * Makes a group the agent now knows hold only its replicas on a target whose replication engine may
     * hold the group from before a pipeline push ({@link TargetFacts#groupsOutliveThePipeline}): deleting it
     * makes the agent destroy the whole group in the engine, stale nodes included, and the insert creates it
     * afresh. Done for a group the agent took as new and for one it held (a MODIFY would change only the
     * nodes the agent knows: a group an earlier release inserted beside stale nodes would stay doubled).
     * Without this, a slice's floods reach every port twice after ONOS pushed a pipeline to a switch that
     * held the slice's group. The group has no replicas between the two writes.
     */
    private static void renew(P4RuntimeAccess p4rt, PiMulticastGroupEntry entry) {
        WriteResponse delete = submit(p4rt, entry, UpdateType.DELETE);
        WriteResponse insert = delete.isSuccess() ? submit(p4rt, entry, UpdateType.INSERT) : delete;
        if (!insert.isSuccess()) {
            throw new SliceDeviceException(format("renewing multicast group %d on %s failed: %s", entry.groupId(),
                                                  p4rt.deviceId(), WriteResponses.describe(insert)));
        }
    }

    @Override
    public void remove(int groupId) {
        PiMulticastGroupEntry entry = PiMulticastGroupEntry.builder().withGroupId(groupId).build();
        P4RuntimeAccess p4rt = access("remove multicast group " + groupId);
        WriteResponse delete = submit(p4rt, entry, UpdateType.DELETE);
        if (!delete.isSuccess() && !has(delete, EntityUpdateStatus.NOT_FOUND)) {
            throw new SliceDeviceException(format("removing multicast group %d from %s failed: %s", groupId,
                                                  p4rt.deviceId(), WriteResponses.describe(delete)));
        }
    }

    private static WriteResponse submit(P4RuntimeAccess p4rt, PiMulticastGroupEntry entry, UpdateType type) {
        try {
            return p4rt.client().write(p4rt.p4DeviceId(), p4rt.pipeconf()).entity(entry, type).submitSync();
        } catch (RuntimeException e) {
            throw new SliceDeviceException(format("%s of multicast group %d on %s failed: %s", type,
                                                  entry.groupId(), p4rt.deviceId(), e.getMessage()), e);
        }
    }

    private static boolean has(WriteResponse response, EntityUpdateStatus status) {
        return !response.failed().isEmpty()
                && response.failed().stream().map(EntityUpdateResponse::status).allMatch(status::equals);
    }

    private P4RuntimeAccess access(String operation) {
        try {
            return P4RuntimeAccess.of(handler());
        } catch (P4RuntimeAccessException e) {
            throw new SliceDeviceException(format("cannot %s: %s", operation, e.getMessage()), e);
        }
    }
}

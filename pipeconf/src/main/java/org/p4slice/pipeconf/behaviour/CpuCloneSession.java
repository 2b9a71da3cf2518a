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
import org.onosproject.net.pi.runtime.PiCloneSessionEntry;
import org.onosproject.net.pi.runtime.PiPreReplica;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateResponse;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.WriteResponse;
import org.p4slice.pipeconf.behaviour.P4RuntimeAccess.P4RuntimeAccessException;

import static java.lang.String.format;
import static org.p4slice.pipeconf.P4SliceConstants.CPU_CLONE_SESSION_ID;

/**
 * The clone session that {@code copy_to_cpu()} clones into on v1model: session
 * {@link org.p4slice.pipeconf.P4SliceConstants#CPU_CLONE_SESSION_ID} with one replica, the CPU
 * port of the device's pipeconf (a TNA program copies through the traffic manager instead:
 * {@link TargetFacts}). Written straight to the device over P4Runtime, not as an ONOS CLONE group: see
 * {@link P4SlicePipeliner} for why.
 */
final class CpuCloneSession {

    private CpuCloneSession() {
        // static helper
    }

    /**
     * Returns the clone session entry.
     *
     * @param cpuPort the device's CPU port
     * @return session {@code CPU_CLONE_SESSION_ID} -> CPU port, instance 0, no truncation
     */
    static PiCloneSessionEntry entry(long cpuPort) {
        return PiCloneSessionEntry.builder()
                .withSessionId(CPU_CLONE_SESSION_ID)
                .addReplica(new PiPreReplica(PortNumber.portNumber(cpuPort), 0))
                .build();
    }

    /**
     * Writes the clone session to the device: INSERT, or MODIFY if it exists already (e.g. written
     * before ONOS restarted), so that the call is idempotent.
     *
     * @param p4rt    access to the device
     * @param cpuPort the device's CPU port
     * @throws P4RuntimeAccessException if the device refused both
     */
    static void write(P4RuntimeAccess p4rt, long cpuPort) throws P4RuntimeAccessException {
        PiCloneSessionEntry entry = entry(cpuPort);
        WriteResponse insert = p4rt.client().write(p4rt.p4DeviceId(), p4rt.pipeconf()).insert(entry).submitSync();
        if (insert.isSuccess()) {
            return;
        }
        WriteResponse modify = p4rt.client().write(p4rt.p4DeviceId(), p4rt.pipeconf()).modify(entry).submitSync();
        if (modify.isSuccess()) {
            return;
        }
        throw new P4RuntimeAccessException(format(
                "writing clone session %d (replica: CPU port %d) to %s failed: insert: %s; modify: %s",
                CPU_CLONE_SESSION_ID, cpuPort, p4rt.deviceId(), explain(insert), explain(modify)));
    }

    private static String explain(WriteResponse response) {
        if (response.failed().isEmpty()) {
            return "no answer";
        }
        EntityUpdateResponse failed = response.failed().iterator().next();
        return failed.status() + " " + failed.explanation();
    }
}

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

import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.service.PiPipeconfService;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static java.lang.String.format;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.CPU_PORT_TXT;

/**
 * What the behaviours need to know of a device's target, read from its pipeconf (never from the
 * slicing app): the CPU port ({@code cpu_port.txt}) and how {@code copy_to_cpu()} reaches it,
 * which depends on the P4 architecture the P4Info names ({@code pkg_info.arch}):
 * <ul>
 * <li>v1model (bmv2): an ingress-to-egress clone into session {@code CPU_CLONE_SESSION_ID}, which the
 *     control plane must create with the CPU port as its replica;</li>
 * <li>TNA (Tofino): the traffic manager's copy-to-CPU bit; the agent configures the TM's CPU port,
 *     no session is needed (and none is written).</li>
 * </ul>
 */
final class TargetFacts {

    /** P4 architecture whose copy to the CPU is a clone session. */
    static final String V1MODEL = "v1model";

    private final long cpuPort;
    private final String architecture;

    private TargetFacts(long cpuPort, String architecture) {
        this.cpuPort = cpuPort;
        this.architecture = architecture;
    }

    /**
     * Reads the facts of a pipeconf.
     *
     * @param pipeconf pipeconf
     * @return the facts
     * @throws IllegalStateException if the pipeconf has no readable {@code cpu_port.txt}
     */
    static TargetFacts of(PiPipeconf pipeconf) {
        Optional<InputStream> extension = pipeconf.extension(CPU_PORT_TXT);
        if (extension.isEmpty()) {
            throw new IllegalStateException(format("pipeconf %s has no CPU port (extension CPU_PORT_TXT)",
                                                   pipeconf.id()));
        }
        String text;
        try (InputStream in = extension.get()) {
            text = new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
        } catch (IOException e) {
            throw new IllegalStateException(format("pipeconf %s: cannot read its CPU port: %s",
                                                   pipeconf.id(), e.getMessage()), e);
        }
        long port;
        try {
            port = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalStateException(format("pipeconf %s: CPU port '%s' is not a number", pipeconf.id(), text));
        }
        if (port < 0 || port > PacketIo.MAX_PORT) {
            throw new IllegalStateException(format("pipeconf %s: CPU port %d does not fit the pipeline's ports "
                                                           + "(0..%d)", pipeconf.id(), port, PacketIo.MAX_PORT));
        }
        return new TargetFacts(port, pipeconf.pipelineModel().architecture().orElse(V1MODEL));
    }

    /**
     * Reads the facts of the pipeconf bound to the handler's device.
     *
     * @param handler driver handler
     * @return the facts
     * @throws IllegalStateException if the device has no pipeconf or it has no readable CPU port
     */
    static TargetFacts of(DriverHandler handler) {
        DeviceId device = handler.data().deviceId();
        return of(handler.get(PiPipeconfService.class).getPipeconf(device).orElseThrow(
                () -> new IllegalStateException(format("device %s has no pipeconf bound", device))));
    }

    /**
     * Returns the port that connects the pipeline to the P4Runtime agent.
     *
     * @return port number
     */
    long cpuPort() {
        return cpuPort;
    }

    /**
     * Tells whether {@code copy_to_cpu()} clones into session {@code CPU_CLONE_SESSION_ID}, which
     * must then be written to the device.
     *
     * @return true on v1model
     */
    boolean copyToCpuNeedsCloneSession() {
        return V1MODEL.equals(architecture);
    }

    /**
     * Tells whether the target's packet replication engine keeps its multicast groups when a new pipeline
     * is pushed while the agent forgets them, so that a group the agent takes as new may still hold the
     * previous pipeline's replicas. bmv2 does: its P4Runtime server starts an empty record of the groups
     * with every pipeline ({@code PI/src/pi_imp.cpp}, {@code _pi_update_device_start}) but only a reset
     * clears its engine ({@code SimpleSwitch::reset_target_state_}), and creating a group that the engine
     * still holds keeps the old one with its nodes ({@code McSimplePre::mc_mgrp_create} inserts into a
     * map), so the new nodes are attached beside the old: every port then gets two copies of a flood.
     *
     * @return true on v1model (bmv2)
     */
    boolean groupsOutliveThePipeline() {
        return V1MODEL.equals(architecture);
    }

    /**
     * Returns the P4 architecture of the pipeconf's P4Info.
     *
     * @return e.g. "v1model", "tna"
     */
    String architecture() {
        return architecture;
    }
}

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

import org.p4slice.slicing.api.SlicingException;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.VlanPool;
import org.p4slice.slicing.api.ConnectPoints;
import org.p4slice.slicing.config.SlicingConfig;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.p4slice.pipeconf.P4SlicePipeconfIds;
import org.p4slice.slicing.impl.store.SliceAllocations;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Checks the values of a slice request against the network and the configuration, with one
 * precise message per problem. It only reads; a refused request changes nothing.
 */
final class SliceRequestValidator {

    /** Largest meter burst the switches take, bytes (bmv2 keeps a meter's burst in 32 bits). */
    public static final long MAX_BURST_BYTES = 0xFFFF_FFFFL;

    /** Pipeconfs a device must run to carry slices: any target's, the app does not tell them apart. */
    static final Set<PiPipeconfId> P4SLICE_PIPECONFS = ImmutableSet.copyOf(P4SlicePipeconfIds.ids());

    /** Longest slice name. */
    static final int MAX_NAME_LENGTH = 64;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

    private final DeviceService deviceService;
    private final LinkService linkService;
    private final PiPipeconfService pipeconfService;
    private final Supplier<Optional<Set<ConnectPoint>>> infrastructure;

    /**
     * Creates a validator that knows no declared infrastructure ports.
     *
     * @param deviceService   devices and ports
     * @param linkService     inter-switch links
     * @param pipeconfService the pipeconf of each device
     */
    public SliceRequestValidator(DeviceService deviceService, LinkService linkService,
                          PiPipeconfService pipeconfService) {
        this(deviceService, linkService, pipeconfService, Optional::empty);
    }

    /**
     * Creates a validator.
     *
     * @param deviceService   devices and ports
     * @param linkService     inter-switch links
     * @param pipeconfService the pipeconf of each device
     * @param infrastructure  the infrastructure ports the operator declares now (empty: not declared); such
     *                        a port is never an access port, whether its link is up or down
     */
    public SliceRequestValidator(DeviceService deviceService, LinkService linkService,
                                 PiPipeconfService pipeconfService,
                                 Supplier<Optional<Set<ConnectPoint>>> infrastructure) {
        this.deviceService = checkNotNull(deviceService);
        this.linkService = checkNotNull(linkService);
        this.pipeconfService = checkNotNull(pipeconfService);
        this.infrastructure = checkNotNull(infrastructure);
    }

    /**
     * Returns the largest burst a slice of a quota may have: one second of the quota, or the default
     * burst if that is larger, and never more than the switch takes ({@link #MAX_BURST_BYTES}). A
     * larger burst would let one slice send a long line-rate burst over a shared trunk.
     *
     * @param quotaBps quota, bit/s
     * @return bytes
     */
    public static long maxBurstBytes(long quotaBps) {
        return Math.min(MAX_BURST_BYTES, Math.max(SliceRequest.DEFAULT_BURST_BYTES, quotaBps / Byte.SIZE));
    }

    /**
     * Checks name, tenant, quota, burst, VLAN and endpoints of a request.
     *
     * @param request request
     * @param tenants the configured tenants, if any
     * @throws SlicingException INVALID naming the first bad value
     */
    public void validate(SliceRequest request, Optional<Set<TenantId>> tenants) {
        checkName(request.name());
        if (tenants.isPresent() && !tenants.get().contains(request.tenant())) {
            String unknown = "unknown tenant \"" + request.tenant() + "\"";
            throw new SlicingException(SlicingException.Kind.INVALID, unknown + "; the configured tenants are "
                    + new TreeSet<>(tenants.get()), unknown);
        }
        if (request.quotaBps() <= 0) {
            throw SlicingException.invalid("quotaBps must be > 0, got " + request.quotaBps());
        }
        if (request.burstBytes() <= 0) {
            throw SlicingException.invalid("burstBytes must be > 0, got " + request.burstBytes());
        }
        long most = maxBurstBytes(request.quotaBps());
        if (request.burstBytes() > most) {
            throw SlicingException.invalid("burstBytes must be at most " + most + " for a quota of "
                    + request.quotaBps() + " bit/s (one second of the quota, or " + SliceRequest.DEFAULT_BURST_BYTES
                    + ", whichever is larger, and at most " + MAX_BURST_BYTES + ", what the switch takes), got "
                    + request.burstBytes());
        }
        if (request.vlan().isPresent()) {
            checkVlan(request.vlan().get());
        }
        checkEndpoints(request.endpoints());
    }

    private static void checkName(String name) {
        if (name.isEmpty()) {
            throw SlicingException.invalid("slice name must not be empty");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw SlicingException.invalid("slice name must have at most " + MAX_NAME_LENGTH + " characters, got "
                    + name.length());
        }
        if (!NAME.matcher(name).matches()) {
            throw SlicingException.invalid("slice name may only contain A-Z a-z 0-9 . _ -, got \"" + name + "\"");
        }
    }

    private static void checkVlan(VlanId vlan) {
        short v = vlan.toShort();
        if (v == 0) {
            throw SlicingException.invalid("VLAN 0 is the priority tag (untagged) and cannot be a slice VLAN; "
                    + "use " + VlanPool.MIN_VLAN + ".." + VlanPool.MAX_VLAN);
        }
        if (v == 1) {
            throw SlicingException.invalid("VLAN 1 is the default VLAN and cannot be a slice VLAN; use "
                    + VlanPool.MIN_VLAN + ".." + VlanPool.MAX_VLAN);
        }
        if (v == VlanId.MAX_VLAN) {
            throw SlicingException.invalid("VLAN 4095 is reserved and cannot be a slice VLAN; use "
                    + VlanPool.MIN_VLAN + ".." + VlanPool.MAX_VLAN);
        }
        if (v < VlanPool.MIN_VLAN || v > VlanPool.MAX_VLAN) {
            throw SlicingException.invalid("VLAN must be in " + VlanPool.MIN_VLAN + ".." + VlanPool.MAX_VLAN
                    + ", got " + vlan);
        }
    }

    private void checkEndpoints(Set<Endpoint> endpoints) {
        if (endpoints.isEmpty()) {
            throw SlicingException.invalid("a slice needs at least one endpoint");
        }
        List<Endpoint> sorted = new ArrayList<>(endpoints);
        sorted.sort((a, b) -> ConnectPoints.ORDER.compare(a.connectPoint(), b.connectPoint()));
        Set<ConnectPoint> seen = new HashSet<>();
        Set<DeviceId> checkedDevices = new HashSet<>();
        Set<ConnectPoint> declared = infrastructure.get().orElse(Set.of());
        for (Endpoint e : sorted) {
            ConnectPoint cp = e.connectPoint();
            if (!seen.add(cp)) {
                throw SlicingException.invalid("port " + cp + " is listed twice (as access and as trunk)");
            }
            DeviceId device = cp.deviceId();
            if (checkedDevices.add(device)) {
                checkDevice(device);
            }
            if (cp.port().isLogical() || deviceService.getPort(device, cp.port()) == null) {
                throw SlicingException.invalid("unknown port " + cp.port() + " on device " + device);
            }
            if (e.mode() == EndpointMode.ACCESS && declared.contains(cp)) {
                throw SlicingException.invalid("port " + cp + " is declared an infrastructure port ("
                        + SlicingConfig.INFRASTRUCTURE_PORTS + " in the p4slice netcfg); it can only be a trunk "
                        + "endpoint, not an access endpoint");
            }
            if (e.mode() == EndpointMode.ACCESS) {
                Set<Link> links = linkService.getLinks(cp);
                if (links != null && !links.isEmpty()) {
                    throw SlicingException.invalid("port " + cp + " is an inter-switch link end; it can only be "
                            + "a trunk endpoint, not an access endpoint");
                }
            }
        }
    }

    /**
     * Checks that a device exists and runs a p4slice pipeconf.
     *
     * @param device device id
     * @throws SlicingException INVALID if not
     */
    void checkDevice(DeviceId device) {
        if (deviceService.getDevice(device) == null) {
            throw SlicingException.invalid("unknown device " + device);
        }
        Optional<PiPipeconfId> pipeconf = pipeconfService.getPipeconf(device).map(PiPipeconf::id);
        if (pipeconf.isEmpty()) {
            throw SlicingException.invalid("device " + device + " has no pipeconf; slices need a p4slice "
                    + "pipeconf (" + P4SlicePipeconfIds.describeIds() + ")");
        }
        if (!P4SLICE_PIPECONFS.contains(pipeconf.get())) {
            throw SlicingException.invalid("device " + device + " runs pipeconf " + pipeconf.get()
                    + ", not a p4slice pipeconf (" + P4SlicePipeconfIds.describeIds() + ")");
        }
    }

    /**
     * Checks that every device a slice crosses (transit switches of its path included) can carry it.
     *
     * @param slice slice with its links resolved
     * @throws SlicingException INVALID if one cannot
     */
    public void checkDevices(Slice slice) {
        slice.devices().forEach(this::checkDevice);
    }

    /**
     * Checks that the tenant has no other slice with the requested name.
     *
     * @param request     request
     * @param allocations what the stored slices hold
     * @param self        the slice being updated, or null
     * @throws SlicingException CONFLICT if the name is taken
     */
    public static void checkUniqueName(SliceRequest request, SliceAllocations allocations, SliceId self) {
        Optional<SliceId> holder = allocations.named(request.tenant(), request.name());
        if (holder.isPresent() && !holder.get().equals(self)) {
            throw SlicingException.conflict("tenant " + request.tenant() + " already has a slice named "
                    + request.name() + " (slice " + holder.get() + ")");
        }
    }
}

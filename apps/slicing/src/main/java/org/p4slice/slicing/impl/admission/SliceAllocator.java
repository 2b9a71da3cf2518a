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
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.VlanPool;

import java.util.BitSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.p4slice.slicing.impl.store.SliceAllocations;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.p4slice.slicing.impl.store.SliceHoldings.ANOTHER_SLICE;
import static org.p4slice.slicing.impl.store.SliceHoldings.accessPortTaken;
import static org.p4slice.slicing.impl.store.SliceHoldings.describe;
import static org.p4slice.slicing.impl.store.SliceHoldings.idUnavailable;
import static org.p4slice.slicing.impl.store.SliceHoldings.vlanUnavailable;

/**
 * Decides which resources a slice gets: its id (explicit, or the lowest free in 1..4094), its VLAN
 * (explicit, or the lowest free in the pool; unique per slice across the testbed), its
 * inter-switch links (the path between its devices), and checks that its access ports are its
 * own: an access port belongs to at most one slice, while trunk ports and inter-switch links may
 * carry many slices. The one place where these resources are handed out.
 */
public final class SliceAllocator {

    private final TrunkPathResolver pathResolver;

    /**
     * Creates an allocator.
     *
     * @param pathResolver finds the links between a slice's devices
     */
    public SliceAllocator(TrunkPathResolver pathResolver) {
        this.pathResolver = checkNotNull(pathResolver);
    }

    /**
     * Shapes a new slice from a validated request.
     *
     * @param request     request (values already validated)
     * @param allocations what the stored slices hold
     * @param pool        VLAN pool
     * @return the slice in state PROVISIONING
     * @throws SlicingException CONFLICT if the id, the VLAN or an access port is taken, or nothing is free; INVALID
     *     if the VLAN is outside the pool or the devices are not connected
     */
    public Slice allocate(SliceRequest request, SliceAllocations allocations, VlanPool pool) {
        return allocate(request, allocations, pool, new BitSet(), new BitSet());
    }

    /**
     * Shapes a new slice from a validated request; an id or VLAN it does not name is never one that
     * a live booking holds.
     *
     * @param request     request (values already validated)
     * @param allocations what the stored slices hold
     * @param pool        VLAN pool
     * @param bookedIds   slice ids live bookings hold (skipped by automatic allocation)
     * @param bookedVlans VLANs live bookings hold (skipped by automatic allocation)
     * @return the slice in state PROVISIONING
     * @throws SlicingException as {@link #allocate(SliceRequest, SliceAllocations, VlanPool)} does
     */
    public Slice allocate(SliceRequest request, SliceAllocations allocations, VlanPool pool, BitSet bookedIds,
                          BitSet bookedVlans) {
        BitSet ids = allocations.usedIds();
        ids.or(bookedIds);
        BitSet vlans = allocations.usedVlans();
        vlans.or(bookedVlans);
        SliceId id = allocateId(request, ids, allocations);
        VlanId vlan = allocateVlan(request, vlans, allocations, pool);
        Slice candidate = shape(request, id, vlan);
        checkPorts(candidate, allocations);
        return candidate;
    }

    /**
     * Shapes the new version of an existing slice from a validated update request; id, VLAN and
     * tenant are kept.
     *
     * @param current     the slice as stored
     * @param request     request (values already validated)
     * @param allocations what the stored slices hold
     * @return the new version, in the current state
     * @throws SlicingException CONFLICT if an access port is taken by another slice; INVALID if the devices are not
     *     connected
     */
    public Slice reshape(Slice current, SliceRequest request, SliceAllocations allocations) {
        Slice candidate = shape(request, current.id(), current.vlan()).toBuilder()
                .tenant(current.tenant()).state(current.state()).reason(current.reason().orElse(null))
                .build();
        checkPorts(candidate, allocations);
        return candidate;
    }

    /**
     * Shapes a slice from a request with the given id and VLAN: its trunk links are resolved
     * between its devices. Nothing is checked or allocated.
     *
     * @param request request
     * @param id      slice id
     * @param vlan    VLAN
     * @return the slice in state PROVISIONING
     * @throws SlicingException INVALID if the devices are not connected
     */
    public Slice shape(SliceRequest request, SliceId id, VlanId vlan) {
        Set<DeviceId> devices = request.endpoints().stream()
                .map(e -> e.connectPoint().deviceId()).collect(Collectors.toSet());
        Set<Link> links = pathResolver.resolve(devices);
        return Slice.builder().id(id).name(request.name()).tenant(request.tenant()).vlan(vlan)
                .quotaBps(request.quotaBps()).burstBytes(request.burstBytes())
                .endpoints(request.endpoints()).trunkLinks(links).state(SliceState.PROVISIONING)
                .build();
    }

    private SliceId allocateId(SliceRequest request, BitSet taken, SliceAllocations allocations) {
        if (request.id().isPresent()) {
            SliceId id = request.id().get();
            Optional<Slice> holder = allocations.slice(id);
            if (holder.isPresent()) {
                throw SlicingException.conflict("slice id " + id + " is taken by " + describe(holder.get()),
                                                 idUnavailable(id));
            }
            return id;
        }
        int free = taken.nextClearBit(SliceId.MIN);
        if (free > SliceId.MAX) {
            throw SlicingException.conflict("no free slice id: all " + SliceId.MAX + " are in use");
        }
        return SliceId.of(free);
    }

    private VlanId allocateVlan(SliceRequest request, BitSet taken, SliceAllocations allocations, VlanPool pool) {
        if (request.vlan().isPresent()) {
            VlanId vlan = request.vlan().get();
            if (!pool.contains(vlan.toShort())) {
                throw SlicingException.conflict("VLAN " + vlan + " is outside the VLAN pool " + pool,
                                                 vlanUnavailable(vlan));
            }
            Optional<Slice> slice = allocations.slices().stream().filter(s -> s.vlan().equals(vlan)).findFirst();
            if (slice.isPresent()) {
                Slice holder = slice.get();
                throw SlicingException.conflict("VLAN " + vlan + " is taken by " + describe(holder),
                                                 vlanUnavailable(vlan));
            }
            return vlan;
        }
        for (int v = pool.nextFrom(VlanPool.MIN_VLAN); v >= 0; v = pool.nextFrom(v + 1)) {
            if (!taken.get(v)) {
                return VlanId.vlanId((short) v);
            }
        }
        throw SlicingException.conflict("no free VLAN: all " + pool.size() + " VLANs of the pool " + pool
                + " are in use");
    }

    /**
     * Checks that the candidate's access ports carry no other slice and that its trunk ports are
     * no other slice's access port.
     *
     * @param candidate   slice as it would be
     * @param allocations what the stored slices hold (the candidate's own old version is skipped)
     * @throws SlicingException CONFLICT naming the port and the slice holding it (the port only in its
     *                          tenant-facing message)
     */
    public void checkPorts(Slice candidate, SliceAllocations allocations) {
        for (ConnectPoint p : candidate.ports()) {
            EndpointMode myMode = candidate.modeOf(p);
            // an access port has one user, so the two lowest users tell everything needed here
            for (Map.Entry<SliceId, EndpointMode> user : allocations.portUsers(p, 2).entrySet()) {
                if (user.getKey().equals(candidate.id())) {
                    continue;
                }
                String other = allocations.describe(user.getKey());
                if (user.getValue() == EndpointMode.ACCESS) {
                    throw SlicingException.conflict(accessPortTaken(p, other), accessPortTaken(p, ANOTHER_SLICE));
                }
                if (myMode == EndpointMode.ACCESS) {
                    throw SlicingException.conflict(trunkTaken(p, other), trunkTaken(p, ANOTHER_SLICE));
                }
            }
        }
    }

    private static String trunkTaken(ConnectPoint p, String holder) {
        return "port " + p + " already carries " + holder + " as a trunk; an access port belongs to one slice only";
    }
}

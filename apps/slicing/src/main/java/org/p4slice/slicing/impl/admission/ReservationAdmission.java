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
import org.p4slice.slicing.api.AdmissionRefusedException;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationIndex;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.VlanPool;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.p4slice.slicing.impl.store.SliceHoldings;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Admits a reservation over time: at every instant of its interval [from, end) its access ports
 * must be its own and the quotas on every port and link it crosses must stay within the usable
 * capacity, counting the slices that exist (they have no end) and every other SCHEDULED or ACTIVE
 * reservation whose slot covers the instant. Allocation changes only where a slot starts, so the
 * instants checked are {@code from} and every other slot's start inside the interval. At each,
 * the decision is the slice manager's own: {@link SliceAllocator#checkPorts} and
 * {@link AdmissionControl#admit} over a {@link InstantAllocations} view of that instant;
 * their refusals are reported with the instant and the holders. Also refused: a name, VLAN or
 * slice id that another overlapping reservation or an existing slice has.
 */
public final class ReservationAdmission {

    /** How a refusal shown to a tenant's user names a booking holding a resource: not at all. */
    static final String ANOTHER_BOOKING = "another booking";

    // the VLAN a slice whose VLAN is allocated at its start is shaped with; admission ignores it
    private static final VlanId UNKNOWN_VLAN = VlanId.vlanId((short) VlanPool.MAX_VLAN);
    // the id a slice whose id is allocated at its start is shaped with
    private static final SliceId UNKNOWN_ID = SliceId.of(SliceId.MAX);

    private final SliceAllocator allocator;
    private final AdmissionControl admission;

    /**
     * Creates the admission.
     *
     * @param allocator shapes slices (trunk paths) and checks access ports
     * @param admission checks capacity
     */
    public ReservationAdmission(SliceAllocator allocator, AdmissionControl admission) {
        this.allocator = checkNotNull(allocator);
        this.admission = checkNotNull(admission);
    }

    /**
     * Shapes the slice a request will create: its own id and VLAN if given, its trunk links
     * resolved as the slice manager resolves them.
     *
     * @param request slice request
     * @return slice
     * @throws SlicingException INVALID if its devices are not connected
     */
    Slice shape(SliceRequest request) {
        return allocator.shape(request, request.id().orElse(UNKNOWN_ID), request.vlan().orElse(UNKNOWN_VLAN));
    }

    /**
     * Admits a slice for [from, end) or says why not.
     *
     * @param candidate    the slice as it will be (see {@link #shape})
     * @param request      its request (which of id and VLAN are explicit)
     * @param self         the reservation being changed (excluded with its slice), or null
     * @param from         first instant to check
     * @param end          end of the interval (exclusive)
     * @param slices       the slices that exist
     * @param reservations the reservations, indexed
     * @param settings     the settings of this decision
     * @throws SlicingException CONFLICT if a name, VLAN, id or access port is taken
     * @throws AdmissionRefusedException                      if capacity is short at some instant
     * @throws SlicingException INVALID if the quota exceeds a port's capacity
     */
    public void admit(Slice candidate, SliceRequest request, ReservationId self, Instant from, Instant end,
               Collection<Slice> slices, ReservationIndex reservations, AdmissionSettings settings) {
        // only the bookings that may share something with the candidate: an endpoint on its ports,
        // inter-switch links, its tenant, VLAN or id (from the index), and the ACTIVE ones whose slice
        // exists (their slices may have been reshaped onto other ports); the slices of ACTIVE
        // reservations count through their reservation's slot
        Map<ReservationId, Reservation> relevant = new TreeMap<>();
        reservations.relevant(from, end, candidate.ports(), request.tenant(), request.vlan().orElse(null),
                              request.id().orElse(null)).forEach(r -> relevant.put(r.id(), r));
        Map<ReservationId, Slice> activeSlices = new HashMap<>();
        Set<SliceId> reservedSlices = new HashSet<>();
        for (Slice s : slices) {
            Optional<Reservation> holder = reservations.activeHolding(s.id()).filter(r -> r.isSliceOf(s));
            if (holder.isPresent()) {
                Reservation r = holder.get();
                reservedSlices.add(s.id());
                activeSlices.put(r.id(), s);
                if (r.overlaps(from, end)) {
                    relevant.put(r.id(), r);
                }
            }
        }
        List<Reservation> others = new ArrayList<>();
        for (Reservation r : relevant.values()) {
            if (r.state().isLive() && !r.id().equals(self) && r.overlaps(from, end)) {
                others.add(r);
            }
        }
        others.sort(Comparator.comparing(Reservation::start).thenComparing(Reservation::id));
        List<Slice> plain = new ArrayList<>();
        for (Slice s : slices) {
            if (!reservedSlices.contains(s.id())) {
                plain.add(s);
            }
        }
        plain.sort(Comparator.comparing(Slice::id));
        Map<ReservationId, Slice> shapes = new HashMap<>();
        for (Reservation r : others) {
            Slice active = activeSlices.get(r.id());
            shapes.put(r.id(), active != null ? active : shapeOrPorts(r.request()));
        }

        checkIdentity(request, plain, others);

        TreeSet<Instant> instants = new TreeSet<>();
        instants.add(from);
        others.stream().map(Reservation::start).filter(t -> t.isAfter(from) && t.isBefore(end))
                .forEach(instants::add);
        for (Instant t : instants) {
            InstantAllocations view = new InstantAllocations(candidate.id());
            plain.forEach(s -> view.add(s, SliceHoldings.describe(s)));
            for (Reservation r : others) {
                if (r.covers(t)) {
                    view.add(shapes.get(r.id()), describe(r));
                }
            }
            admitAt(candidate, t, view, settings);
        }
    }

    private void admitAt(Slice candidate, Instant t, InstantAllocations view, AdmissionSettings settings) {
        try {
            allocator.checkPorts(candidate, view);
        } catch (SlicingException e) {
            if (e.kind() != SlicingException.Kind.CONFLICT) {
                throw e;
            }
            throw SlicingException.conflict("at " + t + ": " + e.getMessage(), "at " + t + ": " + e.tenantMessage());
        }
        try {
            admission.admit(candidate, null, view, settings);
        } catch (AdmissionRefusedException e) {
            throw new AdmissionRefusedException("at " + t + ": " + e.getMessage() + "; allocated there to "
                    + String.join(", ", view.holdersOf(e.resource())), "at " + t + ": " + e.getMessage(), e);
        }
    }

    // a reservation whose devices are no longer connected still holds its ports
    private Slice shapeOrPorts(SliceRequest request) {
        try {
            return shape(request);
        } catch (SlicingException e) {
            return Slice.builder().id(UNKNOWN_ID).name(request.name()).tenant(request.tenant())
                    .vlan(request.vlan().orElse(UNKNOWN_VLAN)).quotaBps(request.quotaBps())
                    .burstBytes(request.burstBytes()).endpoints(request.endpoints()).build();
        }
    }

    // name per tenant, explicit VLAN and explicit id: unique among what overlaps
    private static void checkIdentity(SliceRequest request, List<Slice> plain, List<Reservation> others) {
        for (Slice s : plain) {
            if (s.tenant().equals(request.tenant()) && s.name().equals(request.name())) {
                throw SlicingException.conflict("tenant " + request.tenant() + " already has a slice named "
                        + request.name() + " (slice " + s.id() + ")");
            }
            if (request.vlan().isPresent() && request.vlan().get().equals(s.vlan())) {
                throw SlicingException.conflict("VLAN " + s.vlan() + " is taken by " + SliceHoldings.describe(s),
                        SliceHoldings.vlanUnavailable(s.vlan()));
            }
            if (request.id().isPresent() && request.id().get().equals(s.id())) {
                throw SlicingException.conflict("slice id " + s.id() + " is taken by " + SliceHoldings.describe(s),
                        SliceHoldings.idUnavailable(s.id()));
            }
        }
        for (Reservation r : others) {
            SliceRequest o = r.request();
            if (o.tenant().equals(request.tenant()) && o.name().equals(request.name())) {
                throw SlicingException.conflict(describe(r) + " books a slice of the same name "
                        + request.name() + " in an overlapping slot");
            }
            Optional<VlanId> vlan = request.vlan();
            if (vlan.isPresent() && vlan.equals(o.vlan())) {
                throw SlicingException.conflict("VLAN " + vlan.get() + " is booked by " + describe(r),
                        SliceHoldings.vlanUnavailable(vlan.get()));
            }
            if (request.id().isPresent() && request.id().equals(o.id())) {
                throw SlicingException.conflict("slice id " + request.id().get() + " is booked by " + describe(r),
                        SliceHoldings.idUnavailable(request.id().get()));
            }
        }
    }

    /**
     * Describes a reservation for messages, e.g.
     * {@code "reservation 3 (itb/lab1, 2026-11-21T10:00:00Z to 2026-11-21T12:00:00Z)"}.
     *
     * @param r reservation
     * @return description
     */
    public static String describe(Reservation r) {
        return "reservation " + r.id() + " (" + r.tenant() + "/" + r.request().name() + ", " + r.start() + " to "
                + r.end() + ")";
    }
}

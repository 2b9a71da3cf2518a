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
package org.p4slice.slicing.api.reservation;

import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;

import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The reservations indexed for the questions the scheduler and admission ask on their hot paths, so that
 * none of them reads every reservation: the live (SCHEDULED or ACTIVE) ones by start, end, access and trunk
 * endpoint port, tenant, booked VLAN and slice id, and by the id of an ACTIVE one's slice; the finished ones
 * by end. Each question costs a logarithmic look-up plus the reservations it returns. The reservation store
 * keeps it (rebuilt from the cluster's map when the store starts, then changed with every write of this
 * instance and every map event); everyone else only reads it. Thread-safe.
 */
public final class ReservationIndex {

    private final Map<ReservationId, Reservation> all = new HashMap<>();
    private final TimeTable scheduledByStart = new TimeTable();
    private final TimeTable liveByEnd = new TimeTable();
    private final TimeTable finishedByEnd = new TimeTable();
    private final Map<ConnectPoint, TimeTable> liveByPort = new HashMap<>();
    // bookings over several devices: they cross inter-switch links, wherever their endpoints are
    private final TimeTable liveMultiDevice = new TimeTable();
    private final Map<TenantId, Map<ReservationId, Reservation>> liveByTenant = new HashMap<>();
    private final Map<VlanId, Map<ReservationId, Reservation>> liveByVlan = new HashMap<>();
    private final Map<SliceId, Map<ReservationId, Reservation>> liveById = new HashMap<>();
    private final Map<SliceId, ReservationId> activeBySlice = new HashMap<>();
    // the longest live slot ever indexed: a slot overlapping [from, to) starts after from minus this
    private long longestMillis;
    // the highest reservation id ever indexed (never lowered when a reservation is forgotten)
    private long highestId;

    /**
     * Replaces every entry by the given reservations.
     *
     * @param reservations every reservation
     */
    public synchronized void reset(Collection<Reservation> reservations) {
        all.clear();
        scheduledByStart.clear();
        liveByEnd.clear();
        finishedByEnd.clear();
        liveByPort.clear();
        liveMultiDevice.clear();
        liveByTenant.clear();
        liveByVlan.clear();
        liveById.clear();
        activeBySlice.clear();
        reservations.forEach(this::put);
    }

    /**
     * Adds or replaces a reservation.
     *
     * @param r reservation
     */
    public synchronized void put(Reservation r) {
        remove(r.id());
        all.put(r.id(), r);
        highestId = Math.max(highestId, r.id().id());
        long start = r.start().toEpochMilli();
        long end = r.end().toEpochMilli();
        if (!r.state().isLive()) {
            finishedByEnd.add(end, r);
            return;
        }
        longestMillis = Math.max(longestMillis, end - start);
        liveByEnd.add(end, r);
        if (r.state() == ReservationState.SCHEDULED) {
            scheduledByStart.add(start, r);
        }
        SliceRequest s = r.request();
        for (ConnectPoint p : ports(s)) {
            liveByPort.computeIfAbsent(p, k -> new TimeTable()).add(start, r);
        }
        if (devices(s).size() > 1) {
            liveMultiDevice.add(start, r);
        }
        liveByTenant.computeIfAbsent(r.tenant(), k -> new LinkedHashMap<>()).put(r.id(), r);
        s.vlan().ifPresent(v -> liveByVlan.computeIfAbsent(v, k -> new HashMap<>()).put(r.id(), r));
        s.id().ifPresent(i -> liveById.computeIfAbsent(i, k -> new HashMap<>()).put(r.id(), r));
        if (r.state() == ReservationState.ACTIVE) {
            r.sliceId().ifPresent(i -> activeBySlice.put(i, r.id()));
        }
    }

    /**
     * Removes a reservation.
     *
     * @param id reservation id
     */
    public synchronized void remove(ReservationId id) {
        Reservation r = all.remove(id);
        if (r == null) {
            return;
        }
        long start = r.start().toEpochMilli();
        long end = r.end().toEpochMilli();
        finishedByEnd.remove(end, id);
        liveByEnd.remove(end, id);
        scheduledByStart.remove(start, id);
        SliceRequest s = r.request();
        for (ConnectPoint p : ports(s)) {
            TimeTable t = liveByPort.get(p);
            if (t != null && t.remove(start, id) && t.isEmpty()) {
                liveByPort.remove(p);
            }
        }
        liveMultiDevice.remove(start, id);
        removeFrom(liveByTenant, r.tenant(), id);
        s.vlan().ifPresent(v -> removeFrom(liveByVlan, v, id));
        s.id().ifPresent(i -> removeFrom(liveById, i, id));
        r.sliceId().ifPresent(i -> activeBySlice.remove(i, id));
    }

    private static <K> void removeFrom(Map<K, Map<ReservationId, Reservation>> map, K key, ReservationId id) {
        Map<ReservationId, Reservation> m = map.get(key);
        if (m != null && m.remove(id) != null && m.isEmpty()) {
            map.remove(key);
        }
    }

    private static Set<ConnectPoint> ports(SliceRequest s) {
        return s.endpoints().stream().map(Endpoint::connectPoint).collect(Collectors.toSet());
    }

    private static Set<DeviceId> devices(SliceRequest s) {
        return s.endpoints().stream().map(e -> e.connectPoint().deviceId()).collect(Collectors.toSet());
    }

    /**
     * Returns a reservation.
     *
     * @param id reservation id
     * @return reservation, or empty
     */
    public synchronized Optional<Reservation> get(ReservationId id) {
        return Optional.ofNullable(all.get(id));
    }

    /**
     * Returns the highest reservation id this index has held.
     *
     * @return id, 0 if none
     */
    public synchronized long highestId() {
        return highestId;
    }

    /**
     * Returns how many reservations there are.
     *
     * @return count, finished ones included
     */
    public synchronized int size() {
        return all.size();
    }

    /**
     * Returns the SCHEDULED reservations whose start is not after a time, by start.
     *
     * @param now time
     * @return reservations
     */
    public synchronized List<Reservation> scheduledBy(Instant now) {
        return scheduledByStart.upTo(now.toEpochMilli(), r -> true);
    }

    /**
     * Returns the live reservations whose end is not after a time, by end.
     *
     * @param now time
     * @return reservations
     */
    public synchronized List<Reservation> liveEndedBy(Instant now) {
        return liveByEnd.upTo(now.toEpochMilli(), r -> true);
    }

    /**
     * Returns the finished reservations whose end is not after a time, by end.
     *
     * @param t time
     * @return reservations
     */
    public synchronized List<Reservation> finishedBy(Instant t) {
        return finishedByEnd.upTo(t.toEpochMilli(), r -> true);
    }

    /**
     * Returns the live reservations of a tenant.
     *
     * @param tenant tenant
     * @return reservations, in the order they were indexed
     */
    public synchronized List<Reservation> liveOf(TenantId tenant) {
        return new ArrayList<>(liveByTenant.getOrDefault(tenant, Map.of()).values());
    }

    /**
     * Returns the ACTIVE reservation holding a slice.
     *
     * @param slice slice id
     * @return reservation, or empty
     */
    public synchronized Optional<Reservation> activeHolding(SliceId slice) {
        ReservationId id = activeBySlice.get(slice);
        return id == null ? Optional.empty() : Optional.ofNullable(all.get(id));
    }

    /**
     * Returns the slice ids that live reservations name or that ACTIVE ones' slices have.
     *
     * @param except a reservation left out (the one being started), or null
     * @return bit i set if slice id i is booked
     */
    public synchronized BitSet bookedIds(ReservationId except) {
        BitSet ids = new BitSet();
        liveById.forEach((i, rs) -> {
            if (rs.keySet().stream().anyMatch(id -> !id.equals(except))) {
                ids.set(i.id());
            }
        });
        activeBySlice.forEach((i, id) -> {
            if (!id.equals(except)) {
                ids.set(i.id());
            }
        });
        return ids;
    }

    /**
     * Returns the VLANs that live reservations name.
     *
     * @param except a reservation left out (the one being started), or null
     * @return bit v set if VLAN v is booked
     */
    public synchronized BitSet bookedVlans(ReservationId except) {
        BitSet vlans = new BitSet();
        liveByVlan.forEach((v, rs) -> {
            if (rs.keySet().stream().anyMatch(id -> !id.equals(except))) {
                vlans.set(v.toShort());
            }
        });
        return vlans;
    }

    /**
     * Returns the live reservations whose slot overlaps [from, to) and that may share something with a slice:
     * an endpoint on one of its ports, inter-switch links (every booking over several devices), its tenant
     * (for the name), its VLAN or its id. Every other live reservation of that interval shares nothing with it.
     *
     * @param from   start (inclusive)
     * @param to     end (exclusive)
     * @param ports  the slice's ports (endpoints and the ends of its inter-switch links)
     * @param tenant its tenant
     * @param vlan   its VLAN, or null
     * @param id     its id, or null
     * @return reservations, by id
     */
    public synchronized List<Reservation> relevant(Instant from, Instant to, Collection<ConnectPoint> ports,
                                                   TenantId tenant, VlanId vlan, SliceId id) {
        long lo = from.toEpochMilli();
        long hi = to.toEpochMilli();
        Predicate<Reservation> overlaps = r -> r.overlaps(from, to);
        Map<ReservationId, Reservation> found = new TreeMap<>();
        for (ConnectPoint p : ports) {
            TimeTable t = liveByPort.get(p);
            if (t != null) {
                t.overlapping(lo, hi, longestMillis, overlaps).forEach(r -> found.put(r.id(), r));
            }
        }
        liveMultiDevice.overlapping(lo, hi, longestMillis, overlaps).forEach(r -> found.put(r.id(), r));
        liveByTenant.getOrDefault(tenant, Map.of()).values().stream().filter(overlaps)
                .forEach(r -> found.put(r.id(), r));
        if (vlan != null) {
            liveByVlan.getOrDefault(vlan, Map.of()).values().stream().filter(overlaps)
                    .forEach(r -> found.put(r.id(), r));
        }
        if (id != null) {
            liveById.getOrDefault(id, Map.of()).values().stream().filter(overlaps)
                    .forEach(r -> found.put(r.id(), r));
        }
        return new ArrayList<>(found.values());
    }

    // reservations by a time (start or end, in epoch milliseconds)
    private static final class TimeTable {
        private final NavigableMap<Long, Map<ReservationId, Reservation>> byTime = new TreeMap<>();

        void add(long t, Reservation r) {
            byTime.computeIfAbsent(t, k -> new LinkedHashMap<>()).put(r.id(), r);
        }

        boolean remove(long t, ReservationId id) {
            Map<ReservationId, Reservation> m = byTime.get(t);
            if (m == null || m.remove(id) == null) {
                return false;
            }
            if (m.isEmpty()) {
                byTime.remove(t);
            }
            return true;
        }

        boolean isEmpty() {
            return byTime.isEmpty();
        }

        void clear() {
            byTime.clear();
        }

        List<Reservation> upTo(long t, Predicate<Reservation> filter) {
            List<Reservation> out = new ArrayList<>();
            byTime.headMap(t, true).values().forEach(m -> m.values().stream().filter(filter).forEach(out::add));
            return out;
        }

        // keyed by start: a slot overlapping [lo, hi) starts in (lo - longest, hi)
        List<Reservation> overlapping(long lo, long hi, long longest, Predicate<Reservation> filter) {
            long from = lo - longest < lo ? lo - longest : Long.MIN_VALUE;
            List<Reservation> out = new ArrayList<>();
            byTime.subMap(from, false, hi, false).values()
                    .forEach(m -> m.values().stream().filter(filter).forEach(out::add));
            return out;
        }
    }
}

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
package org.p4slice.slicing.impl.reservation;

import org.p4slice.slicing.impl.admission.BookingStarts;
import org.p4slice.slicing.impl.admission.ReservationAdmission;

import org.p4slice.slicing.api.SlicingException;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.ConnectPoints;
import org.p4slice.slicing.api.SliceRequest;
import org.onosproject.net.intent.WorkPartitionService;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationIndex;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.api.reservation.ReservationStore;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceAdminService;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.slf4j.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.BOOKING_START_WAIT_SECONDS_DEFAULT;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.RESERVATION_RETENTION_HOURS_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Moves reservations along their life at each tick: first every slot that is over releases its
 * slice (ACTIVE to COMPLETED; a SCHEDULED one whose whole slot passed unstarted, e.g. while no
 * instance ran, becomes COMPLETED with that reason), then every slot that has started creates its
 * slice through the slice manager (SCHEDULED to ACTIVE, or FAILED with the reason). Releases come
 * first so that back-to-back slots hand over their resources: a slot whose own ports or VLAN are
 * still held by a slice being released (RELEASING until its device work is done) stays SCHEDULED and
 * starts at a later tick, once the release is complete, or FAILS after the start wait
 * ({@code bookingStartWaitSeconds}). Finished reservations are forgotten after the retention. Each tick
 * reads only the reservations concerned from the store's {@link ReservationIndex} (due to end, to start,
 * to be forgotten), never every reservation. One failing reservation does not
 * stop the others. Each reservation is handled by one instance of the cluster, the one whose work
 * partition holds its id.
 */
public final class ReservationScheduler {

    /** Hash of a reservation id for the work partitions. */
    static final Function<ReservationId, Long> PARTITION_HASH = id -> id.id();

    private final Logger log = getLogger(getClass());

    private final ReservationStore store;
    private final SliceAdminService sliceService;
    private final BookingStarts bookingStarts;
    private final WorkPartitionService partitions;
    private final Clock clock;
    private final Object lock;
    private volatile Duration retention = Duration.ofHours(RESERVATION_RETENTION_HOURS_DEFAULT);
    private volatile Duration startWait = Duration.ofSeconds(BOOKING_START_WAIT_SECONDS_DEFAULT);
    // when each booking started waiting for a release in its way (this instance's ticks only)
    private final Map<ReservationId, Instant> waitingSince = new HashMap<>();

    /**
     * Creates the scheduler.
     *
     * @param store        reservations
     * @param sliceService  reads and removes the slices
     * @param bookingStarts creates the slice of a booking that starts
     * @param partitions    decides which instance handles a reservation
     * @param clock         time
     * @param lock          the lock that serialises reservation changes
     */
    public ReservationScheduler(ReservationStore store, SliceAdminService sliceService, BookingStarts bookingStarts,
                                WorkPartitionService partitions, Clock clock, Object lock) {
        this.store = checkNotNull(store);
        this.sliceService = checkNotNull(sliceService);
        this.bookingStarts = checkNotNull(bookingStarts);
        this.partitions = checkNotNull(partitions);
        this.clock = checkNotNull(clock);
        this.lock = checkNotNull(lock);
    }

    /**
     * Sets how long a finished reservation stays listed after its end before it is forgotten.
     *
     * @param retention duration
     */
    public void setRetention(Duration retention) {
        this.retention = checkNotNull(retention);
    }

    /**
     * Sets how long a booking due to start waits for a slice still being released on its ports or VLAN.
     *
     * @param wait duration
     */
    public void setStartWait(Duration wait) {
        this.startWait = checkNotNull(wait);
    }

    /**
     * Releases what is over and starts what is due, as of now; forgets the finished reservations
     * whose end is older than the retention.
     */
    public void tick() {
        synchronized (lock) {
            Instant now = clock.instant();
            // only the reservations concerned, from the store's index: those due to end, to start, to be forgotten
            ReservationIndex index = store.index();
            List<Reservation> ended = new ArrayList<>(index.liveEndedBy(now));
            ended.sort(Comparator.comparing(Reservation::end).thenComparing(Reservation::id));
            for (Reservation r : ended) {
                if (r.state().isLive() && !r.end().isAfter(now) && isMine(r)) {
                    guarded(r, () -> finish(r, now));
                }
            }
            List<Reservation> due = new ArrayList<>(index.scheduledBy(now));
            due.sort(Comparator.comparing(Reservation::start).thenComparing(Reservation::id));
            Set<ReservationId> waiting = new HashSet<>();
            for (Reservation r : due) {
                if (r.state() == ReservationState.SCHEDULED && r.covers(now) && isMine(r)) {
                    waiting.add(r.id());
                    guarded(r, () -> start(r, now));
                }
            }
            waitingSince.keySet().retainAll(waiting);
            Duration keep = retention;
            for (Reservation r : index.finishedBy(now.minus(keep))) {
                if (!r.state().isLive() && !r.end().plus(keep).isAfter(now) && isMine(r)) {
                    guarded(r, () -> forget(r));
                }
            }
        }
    }

    private boolean isMine(Reservation r) {
        return partitions.isMine(r.id(), PARTITION_HASH);
    }

    // one reservation's trouble is logged and does not stop the others
    private void guarded(Reservation r, Runnable work) {
        try {
            work.run();
        } catch (RuntimeException e) {
            log.error("Reservation {}: {}", r.id(), e.getMessage(), e);
        }
    }

    private void finish(Reservation r, Instant now) {
        if (r.state() == ReservationState.SCHEDULED) {
            update(r, r.withState(ReservationState.COMPLETED, "the slot passed before it could start (no "
                    + "instance was running from " + r.start() + " to " + r.end() + ")", null));
            log.warn("{} passed unstarted", ReservationAdmission.describe(r));
            return;
        }
        String released = release(r);
        update(r, r.withState(ReservationState.COMPLETED, released, r.sliceId().orElse(null)));
        log.info("{} completed at {}", ReservationAdmission.describe(r), Reservation.millis(now));
    }

    /**
     * Removes the slice of an ACTIVE reservation (its entries, meter, groups; counters reset).
     *
     * @param r reservation
     * @return null, or a note if the slice was already gone
     */
    public String release(Reservation r) {
        if (r.sliceId().isEmpty()) {
            return null;
        }
        SliceId id = r.sliceId().get();
        if (sliceService.getSlice(id).filter(r::isSliceOf).isEmpty()) {
            // removed meanwhile (its id may even be another slice's now)
            return "slice " + id + " had already been removed";
        }
        try {
            // the owner is checked again on the slice as stored when it is marked RELEASING: a local copy
            // that lags behind a reuse of the id never releases another tenant's slice
            sliceService.removeSlice(id, r.tenant());
            return null;
        } catch (SlicingException e) {
            if (e.kind() != SlicingException.Kind.NOT_FOUND) {
                throw e;
            }
            return "slice " + id + " had already been removed";
        }
    }

    // idempotent: a slice of the reservation's tenant and name left by a start that was cut short
    // (e.g. the instance died before the reservation was updated) is taken over, not created again;
    // while the booking holds the name nobody else can have created it. A slice being released that
    // still holds one of the booking's own ports or its VLAN (or has its tenant and name) is never
    // taken over: the slot waits, SCHEDULED, until that release is done (a tick later, as a release
    // takes about a second), but not longer than the start wait; then it FAILS, saying what was in the
    // way without naming whose it was. Slices released elsewhere, even on the same switch, never delay it.
    private void start(Reservation r, Instant now) {
        Optional<String> inTheWay = releasingInTheWay(r);
        if (inTheWay.isPresent()) {
            Instant since = waitingSince.computeIfAbsent(r.id(), id -> now);
            Duration wait = startWait;
            if (now.isBefore(since.plus(wait))) {
                log.info("{} waits to start: {} is still being released", ReservationAdmission.describe(r),
                         inTheWay.get());
                return;
            }
            waitingSince.remove(r.id());
            update(r, r.withState(ReservationState.FAILED, "the slice could not be created at "
                    + Reservation.millis(now) + ": " + inTheWay.get() + " was still being released by another "
                    + "slice " + wait.getSeconds() + " s after the slot could start", null));
            log.warn("{} FAILED: {} still being released after {}", ReservationAdmission.describe(r),
                     inTheWay.get(), wait);
            return;
        }
        waitingSince.remove(r.id());
        Optional<Slice> leftOver = sliceService.getSlices(r.tenant()).stream()
                .filter(s -> s.name().equals(r.request().name())).findFirst();
        Slice slice;
        try {
            slice = leftOver.isPresent() ? leftOver.get()
                    : bookingStarts.createBookedSlice(r.id(), r.request());
        } catch (SlicingException e) {
            // the reason is shown to the tenant's users: it names the slot, not who holds it (the log does)
            update(r, r.withState(ReservationState.FAILED, "the slice could not be created at " + now + ": "
                    + e.tenantMessage(), null));
            log.warn("{} FAILED: {}", ReservationAdmission.describe(r), e.getMessage());
            return;
        }
        String reason = slice.state() == SliceState.FAILED
                ? "slice " + slice.id() + " could not be programmed: " + slice.reason().orElse("unknown") : null;
        if (!update(r, r.withState(ReservationState.ACTIVE, reason, slice.id()))) {
            sliceService.removeSlice(slice.id());
            return;
        }
        log.info("{} started: slice {} {}{}", ReservationAdmission.describe(r), slice.id(),
                 slice.state(), leftOver.isPresent() ? " (taken over from an interrupted start)" : "");
    }

    // what a RELEASING slice still holds of the booked slice's own: its tenant and name, one of its ports
    // or its VLAN (trunk capacity between the devices comes free with the release, and is judged when
    // the slice is created); described for the tenant, without naming the slice
    private Optional<String> releasingInTheWay(Reservation r) {
        SliceRequest want = r.request();
        Set<ConnectPoint> ports = want.endpoints().stream().map(e -> e.connectPoint())
                .collect(Collectors.toSet());
        for (Slice s : sliceService.getSlices()) {
            if (s.state() != SliceState.RELEASING) {
                continue;
            }
            if (s.tenant().equals(r.tenant()) && s.name().equals(want.name())) {
                return Optional.of("slice name " + want.name());
            }
            Optional<ConnectPoint> port = s.ports().stream().filter(ports::contains)
                    .min(ConnectPoints.ORDER);
            if (port.isPresent()) {
                return Optional.of("port " + port.get());
            }
            if (want.vlan().isPresent() && want.vlan().get().equals(s.vlan())) {
                return Optional.of("VLAN " + s.vlan());
            }
        }
        return Optional.empty();
    }

    private void forget(Reservation r) {
        if (store.removeReservation(r.id()).isPresent()) {
            log.info("{} {} forgotten: finished more than {} ago", ReservationAdmission.describe(r), r.state(),
                     retention);
        }
    }

    private boolean update(Reservation expected, Reservation updated) {
        boolean done = store.updateReservation(expected, updated);
        if (!done) {
            log.info("Reservation {} changed meanwhile; left as it is", expected.id());
        }
        return done;
    }
}

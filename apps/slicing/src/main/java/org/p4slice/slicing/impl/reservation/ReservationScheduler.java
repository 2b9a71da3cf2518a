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

import org.p4slice.slicing.api.SlicingException;
import org.onosproject.net.intent.WorkPartitionService;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
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
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.RESERVATION_RETENTION_HOURS_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Moves reservations along their life at each tick: first every slot that is over releases its
 * slice (ACTIVE to COMPLETED; a SCHEDULED one whose whole slot passed unstarted, e.g. while no
 * instance ran, becomes COMPLETED with that reason), then every slot that has started creates its
 * slice through the slice manager (SCHEDULED to ACTIVE, or FAILED with the reason). Releases come
 * first so that back-to-back slots hand over their resources. One failing reservation does not
 * stop the others. Each reservation is handled by one instance of the cluster, the one whose work
 * partition holds its id.
 */
public final class ReservationScheduler {

    /** Hash of a reservation id for the work partitions. */
    static final Function<ReservationId, Long> PARTITION_HASH = id -> id.id();

    // the reservation whose slice this thread is creating (the booking guard lets it through)
    private static final ThreadLocal<ReservationId> STARTING = new ThreadLocal<>();

    private final Logger log = getLogger(getClass());

    private final ReservationStore store;
    private final SliceAdminService sliceService;
    private final WorkPartitionService partitions;
    private final Clock clock;
    private final Object lock;
    private volatile Duration retention = Duration.ofHours(RESERVATION_RETENTION_HOURS_DEFAULT);

    /**
     * Creates the scheduler.
     *
     * @param store        reservations
     * @param sliceService creates and removes the slices
     * @param partitions   decides which instance handles a reservation
     * @param clock        time
     * @param lock         the lock that serialises reservation changes
     */
    public ReservationScheduler(ReservationStore store, SliceAdminService sliceService, WorkPartitionService partitions,
                         Clock clock, Object lock) {
        this.store = checkNotNull(store);
        this.sliceService = checkNotNull(sliceService);
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
     * Releases what is over and starts what is due, as of now; forgets the finished reservations
     * whose end is older than the retention.
     */
    public void tick() {
        synchronized (lock) {
            Instant now = clock.instant();
            List<Reservation> all = new ArrayList<>(store.getReservations());
            all.sort(Comparator.comparing(Reservation::end).thenComparing(Reservation::id));
            for (Reservation r : all) {
                if (r.state().isLive() && !r.end().isAfter(now) && isMine(r)) {
                    guarded(r, () -> finish(r, now));
                }
            }
            all.sort(Comparator.comparing(Reservation::start).thenComparing(Reservation::id));
            for (Reservation r : all) {
                if (r.state() == ReservationState.SCHEDULED && r.covers(now) && isMine(r)) {
                    guarded(r, () -> start(r, now));
                }
            }
            Duration keep = retention;
            for (Reservation r : all) {
                if (!r.state().isLive() && !r.end().plus(keep).isAfter(now) && isMine(r)) {
                    guarded(r, () -> forget(r));
                }
            }
        }
    }

    /**
     * Returns the reservation whose slice the calling thread is creating at its start, if any.
     *
     * @return reservation id, or null
     */
    public static ReservationId starting() {
        return STARTING.get();
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
            sliceService.removeSlice(id);
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
    // while the booking holds the name nobody else can have created it
    private void start(Reservation r, Instant now) {
        Optional<Slice> leftOver = sliceService.getSlices(r.tenant()).stream()
                .filter(s -> s.name().equals(r.request().name())).findFirst();
        Slice slice;
        STARTING.set(r.id());
        try {
            slice = leftOver.isPresent() ? leftOver.get() : sliceService.createSlice(r.request());
        } catch (SlicingException e) {
            update(r, r.withState(ReservationState.FAILED, "the slice could not be created at " + now + ": "
                    + e.getMessage(), null));
            log.warn("{} FAILED: {}", ReservationAdmission.describe(r), e.getMessage());
            return;
        } finally {
            STARTING.remove();
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

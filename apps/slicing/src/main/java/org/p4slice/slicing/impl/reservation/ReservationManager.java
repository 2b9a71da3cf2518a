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

import org.p4slice.slicing.impl.admission.AdmissionManager;
import org.p4slice.slicing.impl.admission.BookingLimits;
import org.p4slice.slicing.impl.admission.BookingStarts;
import com.google.common.collect.ImmutableList;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.intent.WorkPartitionService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationAdminService;
import org.p4slice.slicing.api.reservation.ReservationEvent;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationListener;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationService;
import org.p4slice.slicing.api.reservation.ReservationStore;
import org.p4slice.slicing.api.reservation.ReservationStoreDelegate;
import org.p4slice.slicing.api.SliceAdminService;
import org.p4slice.slicing.api.TenantId;
import org.slf4j.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.BOOKING_START_WAIT_SECONDS;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.BOOKING_START_WAIT_SECONDS_DEFAULT;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.DEFAULT_MAX_LIVE_BOOKINGS;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.DEFAULT_MAX_LIVE_BOOKINGS_DEFAULT;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.DEFAULT_MAX_BOOKED_HOURS;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.DEFAULT_MAX_BOOKED_HOURS_DEFAULT;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.MAX_LEAD_DAYS;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.MAX_LEAD_DAYS_DEFAULT;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.MAX_RESERVATION_HOURS;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.MAX_RESERVATION_HOURS_DEFAULT;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.RESERVATION_RETENTION_HOURS;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.RESERVATION_RETENTION_HOURS_DEFAULT;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.RESERVATION_TICK_SECONDS;
import static org.p4slice.slicing.impl.reservation.OsgiPropertyConstants.RESERVATION_TICK_SECONDS_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;
import static org.p4slice.slicing.config.ComponentProperties.positive;

/**
 * The reservation services: booking and extension admitted by the {@link AdmissionManager}
 * (admission over time, with the guard band, capacity overrides, VLAN pool, tenants and caps in
 * effect, under the cluster-wide lock), cancel, and the
 * {@link ReservationScheduler} run every {@code reservationTickSeconds} (and once at activation,
 * which releases what ended and starts what is due while no instance ran). Reservation events
 * come from the store, so every instance sees every change.
 */
@Component(immediate = true, service = {ReservationService.class, ReservationAdminService.class},
        property = {
                MAX_RESERVATION_HOURS + ":Integer=" + MAX_RESERVATION_HOURS_DEFAULT,
                MAX_LEAD_DAYS + ":Integer=" + MAX_LEAD_DAYS_DEFAULT,
                RESERVATION_TICK_SECONDS + ":Integer=" + RESERVATION_TICK_SECONDS_DEFAULT,
                RESERVATION_RETENTION_HOURS + ":Integer=" + RESERVATION_RETENTION_HOURS_DEFAULT,
                BOOKING_START_WAIT_SECONDS + ":Integer=" + BOOKING_START_WAIT_SECONDS_DEFAULT,
                DEFAULT_MAX_LIVE_BOOKINGS + ":Integer=" + DEFAULT_MAX_LIVE_BOOKINGS_DEFAULT,
                DEFAULT_MAX_BOOKED_HOURS + ":Integer=" + DEFAULT_MAX_BOOKED_HOURS_DEFAULT,
        })
public class ReservationManager extends AbstractListenerManager<ReservationEvent, ReservationListener>
        implements ReservationAdminService {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ReservationStore store;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceAdminService sliceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected BookingStarts bookingStarts;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected AdmissionManager admission;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected WorkPartitionService workPartitionService;

    /** Time; tests set their own before activation. */
    Clock clock = Clock.systemUTC();
    /** Runs the scheduler; tests may set their own before activation. */
    ScheduledExecutorService executor;
    private ScheduledExecutorService ownExecutor;
    private ScheduledFuture<?> ticks;

    // The configuration in effect, one field per property, named after it: ONOS's cfgdef generator
    // (onos-maven-plugin 'cfg') takes each property's description from the javadoc of its field.

    /** Longest reservation in hours, at least 1. */
    private int maxReservationHours = MAX_RESERVATION_HOURS_DEFAULT;

    /** How far ahead a reservation may start, in days, at least 1. */
    private int maxLeadDays = MAX_LEAD_DAYS_DEFAULT;

    /** Period of the reservation scheduler in seconds, at least 1. */
    private int reservationTickSeconds = RESERVATION_TICK_SECONDS_DEFAULT;

    /** How long a finished reservation stays listed before it is forgotten, in hours (at least 1). */
    private int reservationRetentionHours = RESERVATION_RETENTION_HOURS_DEFAULT;

    /** How long a booking due to start waits for a slice still being released on its ports or VLAN, in seconds. */
    private int bookingStartWaitSeconds = BOOKING_START_WAIT_SECONDS_DEFAULT;

    /** Live bookings at once of a tenant whose netcfg sets no maxLiveBookings (at least 1). */
    private int defaultMaxLiveBookings = DEFAULT_MAX_LIVE_BOOKINGS_DEFAULT;

    /** Hours booked in all of a tenant whose netcfg sets no maxBookedHours (at least 1). */
    private int defaultMaxBookedHours = DEFAULT_MAX_BOOKED_HOURS_DEFAULT;

    private final ReservationStoreDelegate delegate = this::post;
    private final Object lock = new Object();

    private ReservationScheduler scheduler;
    private Bookings bookings;

    @Activate
    protected void activate(ComponentContext context) {
        scheduler = new ReservationScheduler(store, sliceService, bookingStarts, workPartitionService, clock, lock);
        bookings = new Bookings(store, admission, scheduler, clock, lock, this::limits);
        eventDispatcher.addSink(ReservationEvent.class, listenerRegistry);
        store.setDelegate(delegate);
        cfgService.registerProperties(getClass());
        if (executor == null) {
            ownExecutor = Executors.newSingleThreadScheduledExecutor(
                    groupedThreads("p4slice/reservations", "scheduler-%d", log));
            executor = ownExecutor;
        }
        modified(context);
        log.info("Started with {} reservations", store.getReservations().size());
    }

    @Deactivate
    protected void deactivate() {
        synchronized (lock) {
            if (ticks != null) {
                ticks.cancel(false);
                ticks = null;
            }
        }
        cfgService.unregisterProperties(getClass(), false);
        store.unsetDelegate(delegate);
        eventDispatcher.removeSink(ReservationEvent.class);
        if (ownExecutor != null) {
            ownExecutor.shutdownNow();
            ownExecutor = null;
            executor = null;
        }
        log.info("Stopped");
    }

    /**
     * Reads the component configuration ({@code maxReservationHours}, {@code maxLeadDays},
     * {@code reservationTickSeconds},
     * each at least 1; an invalid value is logged and ignored) and (re)starts the scheduler's ticks,
     * the first one at once.
     *
     * @param context component context, or null for the defaults
     */
    @Modified
    protected void modified(ComponentContext context) {
        Dictionary<?, ?> properties = context == null ? null : context.getProperties();
        maxReservationHours = positive(log, properties, MAX_RESERVATION_HOURS, maxReservationHours,
                                       MAX_RESERVATION_HOURS_DEFAULT);
        maxLeadDays = positive(log, properties, MAX_LEAD_DAYS, maxLeadDays, MAX_LEAD_DAYS_DEFAULT);
        reservationTickSeconds = positive(log, properties, RESERVATION_TICK_SECONDS, reservationTickSeconds,
                                          RESERVATION_TICK_SECONDS_DEFAULT);
        reservationRetentionHours = positive(log, properties, RESERVATION_RETENTION_HOURS, reservationRetentionHours,
                                             RESERVATION_RETENTION_HOURS_DEFAULT);
        bookingStartWaitSeconds = positive(log, properties, BOOKING_START_WAIT_SECONDS, bookingStartWaitSeconds,
                                           BOOKING_START_WAIT_SECONDS_DEFAULT);
        defaultMaxLiveBookings = positive(log, properties, DEFAULT_MAX_LIVE_BOOKINGS, defaultMaxLiveBookings,
                                          DEFAULT_MAX_LIVE_BOOKINGS_DEFAULT);
        defaultMaxBookedHours = positive(log, properties, DEFAULT_MAX_BOOKED_HOURS, defaultMaxBookedHours,
                                         DEFAULT_MAX_BOOKED_HOURS_DEFAULT);
        scheduler.setRetention(Duration.ofHours(reservationRetentionHours));
        scheduler.setStartWait(Duration.ofSeconds(bookingStartWaitSeconds));
        synchronized (lock) {
            if (ticks != null) {
                ticks.cancel(false);
            }
            ticks = executor.scheduleWithFixedDelay(this::tick, 0, reservationTickSeconds, TimeUnit.SECONDS);
        }
        log.info("Component {}={}, {}={}, {}={}, {}={}", MAX_RESERVATION_HOURS, maxReservationHours,
                 MAX_LEAD_DAYS, maxLeadDays, RESERVATION_TICK_SECONDS, reservationTickSeconds,
                 RESERVATION_RETENTION_HOURS, reservationRetentionHours);
        log.info("Component {}={}, {}={}, {}={}", BOOKING_START_WAIT_SECONDS, bookingStartWaitSeconds,
                 DEFAULT_MAX_LIVE_BOOKINGS, defaultMaxLiveBookings, DEFAULT_MAX_BOOKED_HOURS, defaultMaxBookedHours);
    }

    /**
     * Runs the scheduler once: releases what is over, starts what is due.
     */
    void tick() {
        try {
            scheduler.tick();
        } catch (RuntimeException e) {
            // a scheduled task that throws is never run again
            log.error("Reservation scheduler tick failed", e);
        }
    }

    /**
     * Returns the limits on bookings in effect.
     *
     * @return limits
     */
    BookingLimits limits() {
        return new BookingLimits(maxDuration(), Duration.ofDays(maxLeadDays), defaultMaxLiveBookings,
                                 defaultMaxBookedHours);
    }

    /**
     * Returns the longest reservation allowed.
     *
     * @return duration
     */
    Duration maxDuration() {
        return Duration.ofHours(maxReservationHours);
    }

    @Override
    public List<Reservation> getReservations() {
        return sorted(store.getReservations().stream().collect(Collectors.toList()));
    }

    @Override
    public List<Reservation> getReservations(TenantId tenant) {
        return sorted(store.getReservations().stream().filter(r -> r.tenant().equals(tenant))
                              .collect(Collectors.toList()));
    }

    private static List<Reservation> sorted(List<Reservation> reservations) {
        reservations.sort(Comparator.comparing(Reservation::id));
        return ImmutableList.copyOf(reservations);
    }

    @Override
    public Optional<Reservation> getReservation(ReservationId id) {
        return store.getReservation(id);
    }

    @Override
    public Reservation reserve(ReservationRequest request) {
        Reservation created = bookings.reserve(request);
        if (!created.start().isAfter(clock.instant())) {
            executor.execute(this::tick);
        }
        return created;
    }

    @Override
    public Reservation cancel(ReservationId id) {
        return bookings.cancel(id);
    }

    @Override
    public Reservation extend(ReservationId id, Instant newEnd) {
        return bookings.extend(id, newEnd);
    }
}

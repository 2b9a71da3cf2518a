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

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.net.topology.PathService;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationStore;
import org.p4slice.slicing.api.stats.RefusalCount;
import org.p4slice.slicing.api.tenant.Tenant;
import org.p4slice.slicing.api.tenant.TenantService;
import org.p4slice.slicing.config.ComponentProperties;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.impl.metrics.SlicingMetricsManager;
import org.slf4j.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Dictionary;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.p4slice.slicing.impl.store.SliceAllocations;
import org.p4slice.slicing.impl.store.StoredSlices;

import static org.p4slice.slicing.impl.admission.OsgiPropertyConstants.GUARD_BAND;
import static org.p4slice.slicing.impl.admission.OsgiPropertyConstants.GUARD_BAND_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The one admission decision of p4slice, for slices and bookings together. It reads everything it
 * decides on itself: under the cluster-wide {@link AdmissionLock} it reads the stored slices and every
 * reservation from the cluster's storage ({@link StoredSlices}, the reservation store), the tenants
 * and their caps, the {@code p4slice} netcfg and its own {@code guardBand} property, into one
 * {@link AdmissionView}; a request is then validated, its id, VLAN and trunk path allocated, its
 * quota admitted on every port and link, its tenant's caps checked, and every booked slot left what
 * it was admitted with (a slice) or its slot admitted at every instant (a booking). The caller stores
 * what was admitted inside the same {@link #decide} call, conditionally on what the view read.
 */
@Component(immediate = true, service = AdmissionManager.class,
        property = {GUARD_BAND + ":Double=" + GUARD_BAND_DEFAULT})
public class AdmissionManager {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PathService pathService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StoredSlices storedSlices;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ReservationStore reservationStore;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TenantService tenantService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigRegistry cfgRegistry;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    /** Where refusals are counted. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SlicingMetricsManager metrics;

    /** How long a decision waits for another instance's (tests shorten it). */
    Duration lockWait = AdmissionLock.DEFAULT_WAIT;
    /** Time; tests set their own before activation. */
    Clock clock = Clock.systemUTC();

    // The configuration in effect, one field per property, named after it: ONOS's cfgdef generator
    // (onos-maven-plugin 'cfg') takes each property's description from the javadoc of its field.

    /** Fraction of every port's and link's capacity kept free by admission control, from 0 up to (not incl.) 1. */
    private double guardBand = GUARD_BAND_DEFAULT;

    private LastValidConfig config;
    private AdmissionLock lock;
    private SliceRequestValidator validator;
    private SliceAllocator allocator;
    private AdmissionControl capacity;
    private BookingRules bookings;

    @Activate
    protected void activate(ComponentContext context) {
        ApplicationId appId = coreService.registerApplication(SlicingConfig.APP_NAME);
        config = new LastValidConfig(cfgRegistry, appId);
        lock = new AdmissionLock(storageService, lockWait);
        validator = new SliceRequestValidator(deviceService, linkService, pipeconfService,
                                              this::infrastructurePorts);
        allocator = new SliceAllocator(new TrunkPathResolver(pathService, this::infrastructurePorts));
        capacity = new AdmissionControl(deviceService, linkService);
        bookings = new BookingRules(validator, new ReservationAdmission(allocator, capacity));
        cfgService.registerProperties(getClass());
        config.start();
        modified(context);
    }

    @Deactivate
    protected void deactivate() {
        config.stop();
        cfgService.unregisterProperties(getClass(), false);
    }

    /**
     * Reads the component configuration: {@code guardBand} in [0, 1); an invalid value is logged and ignored.
     *
     * @param context component context, or null for the defaults
     */
    @Modified
    public void modified(ComponentContext context) {
        Dictionary<?, ?> properties = context == null ? null : context.getProperties();
        guardBand = ComponentProperties.fraction(log, properties, GUARD_BAND, guardBand, GUARD_BAND_DEFAULT);
        log.info("Component {}={}; guard band in effect {}", GUARD_BAND, guardBand, settings().guardBand());
    }

    /**
     * Returns the settings in effect now: the guard band property, and the {@code p4slice} netcfg
     * as it is (the last valid one while it is invalid, {@link LastValidConfig}; none: the defaults).
     *
     * @return snapshot
     */
    public AdmissionSettings settings() {
        return AdmissionSettings.of(guardBand, config.get());
    }

    /**
     * Returns the infrastructure ports the operator declares in the {@code p4slice} netcfg (the last
     * valid one), if declared: only links between them carry trunks, only they take link probes.
     *
     * @return ports, or empty if not declared
     */
    public Optional<Set<ConnectPoint>> infrastructurePorts() {
        SlicingConfig cfg = config.get();
        return cfg == null ? Optional.empty() : cfg.infrastructurePorts();
    }

    /**
     * Takes a decision and stores its outcome while no other instance admits anything: under the
     * cluster-wide lock, the state is read from the cluster's storage into a view, and the decision
     * (which calls {@link #admitNew} and the like, then stores what was admitted) runs on it.
     *
     * @param decision decision and store, on the view
     * @param <T>      result type
     * @return its result
     * @throws SlicingException as the decision refuses; CONFLICT if another instance held the lock for
     *     longer than the wait; UNAVAILABLE if the storage did not answer
     */
    public <T> T decide(Function<AdmissionView, T> decision) {
        return lock.call(() -> decision.apply(new AdmissionView(storedSlices.read(),
                                                                reservationStore.index(),
                                                                clock.instant(), settings())));
    }

    /**
     * Admits a new slice: validated, id, VLAN and trunks allocated, devices checked, capacity
     * admitted, its tenant's caps checked, and the booked slots left what they were admitted with.
     *
     * @param request request
     * @param view    the state read under the lock
     * @return the slice as it would be stored (its state not yet set)
     * @throws SlicingException saying why not
     */
    public Slice admitNew(SliceRequest request, AdmissionView view) {
        return admitNew(request, null, view);
    }

    /**
     * Admits a new slice as {@link #admitNew(SliceRequest, AdmissionView)} does, or the slice of a
     * booking that starts: that one is checked against the other bookings only, not against its tenant's
     * caps (its booking was counted when it was admitted), and may take the id and VLAN its booking holds.
     *
     * @param request request
     * @param booking the booking whose slice this is, or null for a slice of its own
     * @param view    the state read under the lock
     * @return the slice as it would be stored (its state not yet set)
     * @throws SlicingException saying why not
     */
    public Slice admitNew(SliceRequest request, ReservationId booking, AdmissionView view) {
        return counted(request.tenant(), RefusalCount.Request.SLICE, () -> admitNewSlice(request, booking, view));
    }

    private Slice admitNewSlice(SliceRequest request, ReservationId booking, AdmissionView view) {
        AdmissionSettings now = view.settings();
        validator.validate(request, now.tenants());
        SliceRequestValidator.checkUniqueName(request, view.slices(), null);
        Slice candidate = allocator.allocate(request, view.slices(), now.vlanPool(),
                                             view.bookedIds(booking), view.bookedVlans(booking));
        validator.checkDevices(candidate);
        capacity.admit(candidate, null, view.slices(), now);
        checkCapsAndBookings(candidate, request, null, booking, view);
        return candidate;
    }

    /**
     * Admits a new shape of a stored slice (its VLAN and id kept): validated, reshaped, capacity
     * admitted with its own old allocation excluded, its tenant's caps checked, the booked slots left alone.
     *
     * @param current the slice as stored (as the view read it)
     * @param request its new shape
     * @param view    the state read under the lock
     * @return the slice as it would be stored
     * @throws SlicingException saying why not
     */
    public Slice admitUpdate(Slice current, SliceRequest request, AdmissionView view) {
        return counted(request.tenant(), RefusalCount.Request.SLICE, () -> admitNewShape(current, request, view));
    }

    private Slice admitNewShape(Slice current, SliceRequest request, AdmissionView view) {
        AdmissionSettings now = view.settings();
        validator.validate(request, now.tenants());
        if (request.id().isPresent() && !request.id().get().equals(current.id())) {
            throw SlicingException.invalid("the request names slice " + request.id().get()
                    + " but slice " + current.id() + " is being updated");
        }
        if (request.vlan().isPresent() && !request.vlan().get().equals(current.vlan())) {
            throw SlicingException.invalid("the VLAN of slice " + current.id() + " is " + current.vlan()
                    + " and cannot be changed (requested " + request.vlan().get()
                    + "); remove the slice and create it again");
        }
        SliceRequestValidator.checkUniqueName(request, view.slices(), current.id());
        Slice candidate = allocator.reshape(current, request, view.slices());
        validator.checkDevices(candidate);
        capacity.admit(candidate, current, view.slices(), now);
        checkCapsAndBookings(candidate, request, current, null, view);
        return candidate;
    }

    // the slice of a starting booking was counted with its booking; any other counts against its caps
    private void checkCapsAndBookings(Slice candidate, SliceRequest request, Slice current, ReservationId booking,
                                      AdmissionView view) {
        if (booking == null) {
            tenantService.getTenant(request.tenant()).ifPresent(t -> TenantCaps.checkSlice(
                    t, view.slicesOf(t.id()), view.reservationsOf(t.id()), current == null ? null : current.id(),
                    request.quotaBps(), view.now()));
        }
        bookings.checkSlice(candidate, request, view.now(), booking, view.slices().slices(),
                            view.reservations(), view.settings());
    }

    /**
     * Admits a booking: its slot, its slice request, its resources at every instant, its tenant's caps.
     *
     * @param request booking
     * @param limits  the longest slot, the lead time and the default booking caps
     * @param view    the state read under the lock
     * @throws SlicingException saying why not
     */
    public void admitBooking(ReservationRequest request, BookingLimits limits, AdmissionView view) {
        counted(request.tenant(), RefusalCount.Request.BOOKING, () -> {
            bookings.checkBooking(request, view.now(), limits.maxDuration(), limits.maxLead(),
                                  view.slices().slices(), view.reservations(), view.settings());
            Tenant t = limits.applyTo(tenant(request.tenant()));
            TenantCaps.checkBooking(t, view.slicesOf(t.id()), view.reservationsOf(t.id()), null, request.start(),
                                    request.end(), request.slice().quotaBps(), view.now());
            return null;
        });
    }

    /**
     * Admits a new end of a live booking: the slot from its start (or now) to the new end, its tenant's caps.
     *
     * @param r      the reservation as the view read it
     * @param end    new end
     * @param limits the longest slot and the default booking caps
     * @param view   the state read under the lock
     * @throws SlicingException saying why not
     */
    public void admitExtension(Reservation r, Instant end, BookingLimits limits, AdmissionView view) {
        counted(r.tenant(), RefusalCount.Request.BOOKING, () -> {
            bookings.checkExtension(r, end, view.now(), limits.maxDuration(), view.slices().slices(),
                                    view.reservations(), view.settings());
            Tenant t = limits.applyTo(tenant(r.tenant()));
            TenantCaps.checkBooking(t, view.slicesOf(t.id()), view.reservationsOf(t.id()), r.id(), r.start(), end,
                                    r.request().quotaBps(), view.now());
            return null;
        });
    }

    // a tenant the netcfg does not name has no caps of its own: the default booking caps still apply
    private Tenant tenant(TenantId id) {
        return tenantService.getTenant(id).orElseGet(() -> Tenant.builder(id).build());
    }

    // a refusal is counted under its tenant if admission knows the tenant, else under none (bounded series)
    private <T> T counted(TenantId tenant, RefusalCount.Request what, Supplier<T> decision) {
        try {
            return decision.get();
        } catch (SlicingException e) {
            boolean known = tenant != null && tenantService.getTenant(tenant).isPresent();
            metrics.refusals().refused(known ? tenant : null, what, e.kind());
            throw e;
        }
    }

    /**
     * Reports every port's capacity and allocation.
     *
     * @param allocations what the slices hold
     * @return report, ordered by device and port
     */
    public List<PortCapacity> portCapacities(SliceAllocations allocations) {
        return capacity.portCapacities(allocations, settings());
    }

    /**
     * Reports every inter-switch link's capacity and allocation.
     *
     * @param allocations what the slices hold
     * @return report, one entry per physical link
     */
    public List<LinkCapacity> linkCapacities(SliceAllocations allocations) {
        return capacity.linkCapacities(allocations, settings());
    }
}

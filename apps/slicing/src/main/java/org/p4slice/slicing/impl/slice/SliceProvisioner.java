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
package org.p4slice.slicing.impl.slice;

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.impl.admission.AdmissionManager;
import org.p4slice.slicing.impl.admission.AdmissionView;
import org.p4slice.slicing.impl.store.EnforcedRates;
import org.p4slice.slicing.impl.programming.DeviceWriter;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SliceStore;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.slf4j.Logger;

import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.p4slice.slicing.impl.store.SliceHoldings;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The life cycle of slices: create, update, remove, and bringing the devices in line with the
 * stored slices again.
 * <p>
 * Admission is serialised (this instance's lock, then the cluster-wide one that
 * {@link AdmissionManager#decide} takes): a request is checked completely (values, conflicts, path,
 * capacity, caps, bookings, translation) on the state read from the cluster's storage under that
 * lock before anything is written, so a refused request changes nothing, and the slice is stored
 * only if it is still what was read. The slice is then stored as PROVISIONING (or
 * RELEASING) and the call returns; every instance sees the change in the store and
 * {@link SliceLifecycle} writes it on the devices each masters, and the slice's owner moves it to
 * ACTIVE, or FAILED with the reason. No lock is
 * held while a device is waited for. A FAILED slice keeps its resources (and stays visible) and
 * what the devices accepted; {@link #reconcile} (after activation, when a device connects or
 * changes master, and periodically for slices that are not ACTIVE) programs it again, which
 * never removes anything a healthy device carries.
 */
final class SliceProvisioner {

    private final Logger log = getLogger(getClass());

    private final SliceStore store;
    private final AdmissionManager admission;
    private final SlicePlanner planner;
    private final DeviceWriter writer;
    private final MastershipService mastershipService;
    private final SliceLifecycle lifecycle;
    private final EnforcedRates rates;
    private final MeterCellAudit audit;
    private final Object lock = new Object();

    /**
     * Creates the provisioner.
     *
     * @param store             slice store
     * @param admission         the admission decision (request checks, allocation, capacity, bookings)
     * @param planner           translation (a request is admitted only if it translates)
     * @param writer            the device writer (an enforced meter rate is written at once)
     * @param mastershipService which devices this instance writes meter rates to
     * @param lifecycle         the device side of the slices' life (programs what is stored)
     * @param rates             the rates enforced instead of the quotas (cleared on update and release)
     * @param audit             the meter cells' audit (part of the periodic reconciliation)
     */
    SliceProvisioner(SliceStore store, AdmissionManager admission, SlicePlanner planner, DeviceWriter writer,
                     MastershipService mastershipService, SliceLifecycle lifecycle, EnforcedRates rates,
                     MeterCellAudit audit) {
        this.store = checkNotNull(store);
        this.admission = checkNotNull(admission);
        this.planner = checkNotNull(planner);
        this.writer = checkNotNull(writer);
        this.mastershipService = checkNotNull(mastershipService);
        this.lifecycle = checkNotNull(lifecycle);
        this.rates = checkNotNull(rates);
        this.audit = checkNotNull(audit);
    }

    /**
     * Creates a slice: admitted and stored as PROVISIONING, then programmed in the background.
     *
     * @param request request
     * @return the slice as stored now (PROVISIONING, or already ACTIVE or FAILED if the work ran
     *         in the caller)
     * @throws SlicingException if refused (nothing changed)
     */
    public Slice create(SliceRequest request) {
        return create(request, null);
    }

    /**
     * Creates a slice as {@link #create(SliceRequest)} does, or the slice of a booking that starts
     * (admitted against the other bookings only, not against its tenant's caps).
     *
     * @param request request
     * @param booking the booking whose slice this is, or null for a slice of its own
     * @return the slice as stored now
     * @throws SlicingException if refused (nothing changed)
     */
    public Slice create(SliceRequest request, ReservationId booking) {
        Slice admitted;
        synchronized (lock) {
            admitted = admission.decide(view -> admitAndCreate(request, booking, view));
        }
        return store.getSlice(admitted.id()).orElse(admitted);
    }

    private Slice admitAndCreate(SliceRequest request, ReservationId booking, AdmissionView view) {
        Slice candidate = admission.admitNew(request, booking, view);
        planner.plan(candidate);
        Slice stored = candidate.withState(SliceState.PROVISIONING, null);
        store.createSlice(stored);
        log.info("Slice {} admitted: VLAN {}, {} bps, ports {}", SliceHoldings.describe(stored),
                 stored.vlan(), stored.quotaBps(), stored.ports());
        return stored;
    }

    /**
     * Updates a slice: admitted and stored as PROVISIONING with its new shape, then the devices
     * are changed in the background (only what differs is written).
     *
     * @param id      slice id
     * @param request new shape
     * @return the slice as stored now
     * @throws SlicingException if refused (nothing changed)
     */
    public Slice update(SliceId id, SliceRequest request) {
        return update(id, request, null);
    }

    /**
     * Updates a slice if it belongs to the tenant the caller saw owning it, checked on the slice as
     * read from the cluster's storage under the admission lock (the update is stored only if the slice
     * is still that version).
     *
     * @param id      slice id
     * @param request new shape
     * @param owner   the tenant the caller saw owning the slice, or null for no such check
     * @return the slice as stored now
     * @throws SlicingException NOT_FOUND if the slice stored under that id is another tenant's, or as
     *                          {@link #update(SliceId, SliceRequest)}
     */
    public Slice update(SliceId id, SliceRequest request, TenantId owner) {
        Slice[] shapes;
        synchronized (lock) {
            shapes = admission.decide(view -> admitAndUpdate(id, request, owner, view));
        }
        return store.getSlice(id).orElse(shapes[1]);
    }

    // returns {the slice before, the slice stored now}
    private Slice[] admitAndUpdate(SliceId id, SliceRequest request, TenantId owner, AdmissionView view) {
        Slice current = view.slice(id).orElseThrow(id::notFound);
        if (current.state() == SliceState.RELEASING) {
            throw SlicingException.conflict("slice " + id + " is being released");
        }
        if (owner != null && !owner.equals(current.tenant())) {
            // the caller's view lagged behind a release and a reuse of the id: that slice is not the one it saw
            throw id.notFound();
        }
        if (!request.tenant().equals(current.tenant())) {
            throw SlicingException.forbidden("slice " + id + " belongs to tenant " + current.tenant() + "; tenant "
                    + request.tenant() + " may not change it");
        }
        Slice candidate = admission.admitUpdate(current, request, view);
        planner.plan(candidate);
        Slice stored = candidate.withState(SliceState.PROVISIONING, null);
        // refused if the slice changed since the view read it (e.g. a DELETE made it RELEASING)
        store.updateSlice(current, stored);
        // a rate decided for the old shape (e.g. lent from the old quota) is not the new shape's
        rates.forget(id);
        log.info("Slice {} updated: {} bps, ports {}", SliceHoldings.describe(stored),
                 stored.quotaBps(), stored.ports());
        return new Slice[]{current, stored};
    }

    /**
     * Removes a slice: RELEASING at once; in the background its entries, groups and meter cells
     * are removed, its counters reset, then it is deleted (its resources free).
     *
     * @param id slice id
     * @throws SlicingException NOT_FOUND if there is no such slice; UNAVAILABLE if the storage did not answer
     */
    public void remove(SliceId id) {
        remove(id, () -> store.setState(id, SliceState.RELEASING, null));
    }

    /**
     * Removes a slice if it belongs to the tenant named, checked on the slice as stored in the
     * cluster when it is marked RELEASING (see {@link SliceStore#release}).
     *
     * @param id    slice id
     * @param owner the tenant the caller saw owning it
     * @throws SlicingException NOT_FOUND if there is no such slice of that tenant; UNAVAILABLE if the
     *                          storage did not answer
     */
    public void remove(SliceId id, TenantId owner) {
        checkNotNull(owner, "owner must not be null");
        remove(id, () -> store.release(id, owner));
    }

    private void remove(SliceId id, Supplier<Optional<Slice>> release) {
        Slice slice;
        synchronized (lock) {
            try {
                // the slice as stored when it became RELEASING (a reshape stored a moment ago on
                // another instance included): its entries are the ones to remove
                slice = release.get().orElseThrow(id::notFound);
            } catch (RuntimeException e) {
                if (e instanceof SlicingException || !SlicingException.isStorageFailure(e)) {
                    throw e;
                }
                throw SlicingException.storageUnavailable(e, "releasing slice " + id);
            }
            rates.forget(id);
        }
        log.debug("Slice {} RELEASING", SliceHoldings.describe(slice));
    }

    /**
     * Runs an ACTIVE slice's meter at a rate other than its quota (its quota to go back). The rate
     * goes to the cluster's map; every instance hears of it and writes the slice's meter cells on the
     * devices it masters ({@link #writeEnforcedRate}). The rate lives until the slice is updated or
     * released.
     *
     * @param id      slice id
     * @param rateBps rate in bit/s, &gt; 0
     * @throws SlicingException NOT_FOUND if there is no such slice; INVALID if the rate is not
     *                          positive; CONFLICT if the slice is not ACTIVE (nothing changed)
     */
    public void setMeterRate(SliceId id, long rateBps) {
        synchronized (lock) {
            Slice slice = store.getSlice(id).orElseThrow(id::notFound);
            if (rateBps <= 0) {
                throw SlicingException.invalid("the meter rate of slice " + id + " must be > 0 bit/s, got "
                                                       + rateBps);
            }
            if (slice.state() != SliceState.ACTIVE) {
                throw SlicingException.conflict("slice " + id + " is " + slice.state()
                                                        + ": a meter rate is enforced on an ACTIVE slice only");
            }
            rates.set(slice, rateBps);
        }
    }

    /**
     * Writes a slice's meter cells on the devices this instance masters, at the rate enforced now
     * (its quota when none is): called on every instance when the slice's enforced rate is set,
     * changed or forgotten by any of them, so each master writes its own devices at once. A slice
     * that is not ACTIVE is left to its own programming.
     *
     * @param id slice whose enforced rate changed
     */
    void writeEnforcedRate(SliceId id) {
        Optional<Slice> slice = store.getSlice(id).filter(s -> s.state() == SliceState.ACTIVE);
        if (slice.isEmpty()) {
            return;
        }
        Set<DeviceId> mine = slice.get().devices().stream().filter(mastershipService::isLocalMaster)
                .collect(Collectors.toSet());
        if (mine.isEmpty()) {
            return;
        }
        writer.writeMeters(planner.plan(slice.get()).restrictTo(mine)).reason().ifPresent(
                failure -> log.warn("Meter cells of slice {} not written at its enforced rate: {}", id, failure));
    }

    /**
     * Brings the devices in line with the stored slices this instance has a part in (see
     * {@link SliceLifecycle#reconcile}).
     *
     * @param filter            which slices
     * @param why               for the log
     * @param onlyIdleUnsettled true to skip ACTIVE slices and slices with a step queued
     */
    public void reconcile(Predicate<Slice> filter, String why, boolean onlyIdleUnsettled) {
        lifecycle.reconcile(filter, why, onlyIdleUnsettled);
    }

    /**
     * Forgets the rates enforced before this start of the app (their reason, the fairness app's
     * last measurements, is gone): the slices run at their quotas until it lends anew.
     */
    void clearEnforcedRates() {
        int stale = rates.clear();
        if (stale > 0) {
            log.info("Cleared {} enforced meter rates of a previous run: the slices run at their quotas", stale);
        }
    }

    /**
     * Frees the claims left without their slice by an instance that stopped between two writes, under
     * the admission lock (no create or reshape is between its claims and its write then). Failures are
     * logged: a create that meets such a claim takes it over anyway.
     */
    void freeOrphanClaims() {
        try {
            int freed;
            synchronized (lock) {
                freed = admission.decide(view -> store.freeOrphanClaims());
            }
            if (freed > 0) {
                log.warn("Freed {} VLAN or access port claims of slices that are not stored", freed);
            }
        } catch (RuntimeException e) {
            log.warn("Orphan claims not checked", e);
        }
    }

    /**
     * The periodic safety net: the slices this instance has a part in that are not ACTIVE and have
     * no step queued are programmed again on its devices, and the meter cells of the devices it
     * masters are audited. Failures are logged.
     */
    void reconcileAll() {
        try {
            reconcile(slice -> true, "reconciled", true);
            audit.run();
        } catch (RuntimeException e) {
            log.warn("Reconciliation failed", e);
        }
    }

    /**
     * Creates a slice declared in the network configuration unless its tenant already has a
     * slice of that name; a refusal is logged with its reason.
     *
     * @param request declared slice
     */
    void createDeclared(SliceRequest request) {
        if (store.getSlice(request.tenant(), request.name()).isPresent()) {
            log.debug("netcfg slice {}/{} exists already", request.tenant(), request.name());
            return;
        }
        try {
            Slice s = create(request);
            log.info("netcfg slice {}/{} created as slice {} ({})", request.tenant(), request.name(), s.id(),
                     s.state());
        } catch (SlicingException e) {
            log.warn("netcfg slice {}/{} not created ({}): {}", request.tenant(), request.name(),
                     e.kind(), e.getMessage());
        }
    }
}

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
package org.p4slice.slicing.impl;

import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.ForbiddenException;
import org.p4slice.slicing.api.InvalidSliceException;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceConflictException;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceNotFoundException;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SliceStore;
import org.p4slice.slicing.api.SlicingException;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The life cycle of slices: create, update, remove, and bringing the devices in line with the
 * stored slices again.
 * <p>
 * Admission is serialised (cluster-wide lock, then this instance's): a request is checked
 * completely (values, conflicts, path, capacity, bookings, translation) before anything is
 * written, so a refused request changes nothing. The slice is then stored as PROVISIONING (or
 * RELEASING) and the call returns; the device work runs on {@link SliceWork}, one slice's steps
 * in order, and moves the slice to ACTIVE, or FAILED with the programmer's reason. No lock is
 * held while a device is waited for. A FAILED slice keeps its resources (and stays visible) and
 * what the devices accepted; {@link #reconcile} (after activation, when a device connects or
 * changes master, and periodically for slices that are not ACTIVE) programs it again, which
 * never removes anything a healthy device carries. A slice is reconciled by the instance that
 * masters its first device that has a master.
 */
final class SliceProvisioner {

    private final Logger log = getLogger(getClass());

    private final SliceStore store;
    private final SliceRequestValidator validator;
    private final AdmissionControl admission;
    private final SliceAllocator allocator;
    private final SliceDeployer deployer;
    private final SlicingSettings settings;
    private final MastershipService mastershipService;
    private final SliceAllocations allocations;
    private final Supplier<BookingGuard> bookings;
    private final AdmissionLock admissionLock;
    private final SliceWork work;
    private final Object lock = new Object();

    /**
     * Creates the provisioner.
     *
     * @param store             slice store
     * @param validator         request checks
     * @param admission         capacity checks
     * @param allocator         id, VLAN, path and port allocation
     * @param deployer          translation and programming
     * @param settings          VLAN pool and tenants in effect
     * @param mastershipService decides which instance reprograms a slice
     * @param bookings          the booked slots a slice must leave alone (the guard, or null while
     *                          the reservation component is not running)
     * @param admissionLock     the cluster-wide admission lock
     * @param work              runs the device work
     */
    SliceProvisioner(SliceStore store, SliceRequestValidator validator, AdmissionControl admission,
                     SliceAllocator allocator, SliceDeployer deployer, SlicingSettings settings,
                     MastershipService mastershipService, Supplier<BookingGuard> bookings,
                     AdmissionLock admissionLock, SliceWork work) {
        this.store = checkNotNull(store);
        this.validator = checkNotNull(validator);
        this.admission = checkNotNull(admission);
        this.allocator = checkNotNull(allocator);
        this.deployer = checkNotNull(deployer);
        this.settings = checkNotNull(settings);
        this.mastershipService = checkNotNull(mastershipService);
        this.allocations = StoreAllocations.of(store);
        this.bookings = checkNotNull(bookings);
        this.admissionLock = checkNotNull(admissionLock);
        this.work = checkNotNull(work);
    }

    // a slice has no end: it must leave every booked slot what the booking was admitted with
    private void checkBookings(Slice candidate, SliceRequest request) {
        BookingGuard guard = bookings.get();
        if (guard != null) {
            guard.checkAgainstBookings(candidate, request);
        }
    }

    /**
     * Creates a slice: admitted and stored as PROVISIONING, then programmed in the background.
     *
     * @param request request
     * @return the slice as stored now (PROVISIONING, or already ACTIVE or FAILED if the work ran
     *         in the caller)
     * @throws SlicingException if refused (nothing changed)
     */
    Slice create(SliceRequest request) {
        Slice admitted;
        synchronized (lock) {
            admitted = admissionLock.call(() -> admitAndCreate(request));
        }
        work.submit(admitted.id(), () -> programStored(admitted.id(), "created"));
        return store.getSlice(admitted.id()).orElse(admitted);
    }

    private Slice admitAndCreate(SliceRequest request) {
        validator.validate(request, settings.tenants());
        SliceRequestValidator.checkUniqueName(request, allocations, null);
        Slice candidate = allocator.allocate(request, allocations, settings.vlanPool());
        validator.checkDevices(candidate);
        admission.admit(candidate, null, allocations);
        checkBookings(candidate, request);
        deployer.plan(candidate);
        Slice stored = candidate.withState(SliceState.PROVISIONING, null);
        store.createSlice(stored);
        log.info("Slice {} admitted: VLAN {}, {} bps, ports {}", SliceAllocator.describe(stored),
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
    Slice update(SliceId id, SliceRequest request) {
        Slice[] shapes;
        synchronized (lock) {
            shapes = admissionLock.call(() -> admitAndUpdate(id, request));
        }
        work.submit(id, () -> reshape(shapes[0], shapes[1]));
        return store.getSlice(id).orElse(shapes[1]);
    }

    // returns {the slice before, the slice stored now}
    private Slice[] admitAndUpdate(SliceId id, SliceRequest request) {
        Slice current = store.getSlice(id).orElseThrow(() -> notFound(id));
        if (current.state() == SliceState.RELEASING) {
            throw new SliceConflictException("slice " + id + " is being released");
        }
        if (!request.tenant().equals(current.tenant())) {
            throw new ForbiddenException("slice " + id + " belongs to tenant " + current.tenant() + "; tenant "
                    + request.tenant() + " may not change it");
        }
        validator.validate(request, settings.tenants());
        if (request.id().isPresent() && !request.id().get().equals(id)) {
            throw new InvalidSliceException("the request names slice " + request.id().get()
                    + " but slice " + id + " is being updated");
        }
        if (request.vlan().isPresent() && !request.vlan().get().equals(current.vlan())) {
            throw new InvalidSliceException("the VLAN of slice " + id + " is " + current.vlan()
                    + " and cannot be changed (requested " + request.vlan().get()
                    + "); remove the slice and create it again");
        }
        SliceRequestValidator.checkUniqueName(request, allocations, id);
        Slice candidate = allocator.reshape(current, request, allocations);
        validator.checkDevices(candidate);
        admission.admit(candidate, current, allocations);
        checkBookings(candidate, request);
        deployer.plan(candidate);
        Slice stored = candidate.withState(SliceState.PROVISIONING, null);
        store.updateSlice(stored);
        log.info("Slice {} updated: {} bps, ports {}", SliceAllocator.describe(stored),
                 stored.quotaBps(), stored.ports());
        return new Slice[]{current, stored};
    }

    /**
     * Removes a slice: RELEASING at once; in the background its entries, groups and meter cells
     * are removed, its counters reset, then it is deleted (its resources free).
     *
     * @param id slice id
     * @throws SliceNotFoundException if there is no such slice
     */
    void remove(SliceId id) {
        Slice slice;
        synchronized (lock) {
            slice = store.getSlice(id).orElseThrow(() -> notFound(id));
            store.setState(id, SliceState.RELEASING, null);
        }
        work.submit(id, () -> release(slice));
    }

    private static SliceNotFoundException notFound(SliceId id) {
        return new SliceNotFoundException("no slice with id " + id);
    }

    private void release(Slice slice) {
        try {
            deployer.unprogram(deployer.plan(slice));
        } catch (SlicingException e) {
            log.warn("Slice {} has no plan to remove: {}", SliceAllocator.describe(slice), e.getMessage());
        }
        if (Thread.currentThread().isInterrupted()) {
            log.info("Slice {}: release interrupted; left RELEASING for the next reconciliation",
                     SliceAllocator.describe(slice));
            return;
        }
        deployer.resetCounters(slice);
        store.removeSlice(slice.id());
        log.info("Slice {} released", SliceAllocator.describe(slice));
    }

    // programs the slice as stored (everything, idempotently) and records the outcome
    private void programStored(SliceId id, String why) {
        Optional<Slice> stored = store.getSlice(id);
        if (stored.isEmpty() || stored.get().state() == SliceState.RELEASING) {
            return;
        }
        Slice slice = stored.get();
        Optional<String> failure;
        try {
            failure = deployer.program(deployer.plan(slice));
        } catch (SlicingException e) {
            failure = Optional.of(e.getMessage());
        }
        record(slice, failure, why);
    }

    // from one shape to the next: only what differs; a slice that was not ACTIVE is programmed in full
    private void reshape(Slice before, Slice after) {
        Optional<String> failure;
        try {
            failure = deployer.reprogram(deployer.plan(before), deployer.plan(after));
            if (failure.isEmpty() && before.state() != SliceState.ACTIVE) {
                failure = deployer.program(deployer.plan(after));
            }
        } catch (SlicingException e) {
            failure = Optional.of(e.getMessage());
        }
        record(after, failure, "updated");
    }

    // the outcome, unless the slice was changed or removed meanwhile (its own work then records),
    // or the work was interrupted because the instance stops (the next activation reconciles)
    private void record(Slice programmed, Optional<String> failure, String why) {
        if (Thread.currentThread().isInterrupted()) {
            log.info("Slice {}: device work interrupted ({}); left {} for the next reconciliation",
                     SliceAllocator.describe(programmed), why, programmed.state());
            return;
        }
        SliceState state = failure.isPresent() ? SliceState.FAILED : SliceState.ACTIVE;
        Optional<Slice> now = store.getSlice(programmed.id());
        if (now.isEmpty() || now.get().state() == SliceState.RELEASING
                || !now.get().withState(state, null).equals(programmed.withState(state, null))) {
            return;
        }
        if (now.get().state() == state && now.get().reason().equals(failure)) {
            return;
        }
        store.setState(programmed.id(), state, failure.orElse(null));
        if (failure.isPresent()) {
            log.warn("Slice {} FAILED ({}): {}", SliceAllocator.describe(programmed), why, failure.get());
        } else {
            log.info("Slice {} ACTIVE ({})", SliceAllocator.describe(programmed), why);
        }
    }

    /**
     * Brings the devices in line with the stored slices this instance is responsible for: a
     * RELEASING slice is released, any other programmed again (idempotently) once all its devices
     * are available (a slice is not marked FAILED because one of its switches reconnects later
     * than another; the last one's connection reconciles it). Runs in the background, after any
     * work already queued for each slice.
     *
     * @param filter which slices (e.g. those on a device that just connected)
     * @param why    for the log
     * @param onlyIdleUnsettled true to skip ACTIVE slices and slices with work queued (the periodic check)
     */
    void reconcile(Predicate<Slice> filter, String why, boolean onlyIdleUnsettled) {
        for (Slice slice : sortedSlices()) {
            if (!filter.test(slice) || !isOwner(slice)) {
                continue;
            }
            if (onlyIdleUnsettled && (slice.state() == SliceState.ACTIVE || !work.idle(slice.id()))) {
                continue;
            }
            SliceId id = slice.id();
            work.submit(id, () -> {
                Optional<Slice> now = store.getSlice(id);
                if (now.isPresent() && now.get().state() == SliceState.RELEASING) {
                    release(now.get());
                } else if (now.isPresent() && deployer.devicesAvailable(now.get())) {
                    programStored(id, why);
                }
                // else: a device of the slice is down; its (re)connection reconciles the slice
            });
        }
    }

    private List<Slice> sortedSlices() {
        List<Slice> slices = new ArrayList<>(store.getSlices());
        slices.sort(Comparator.comparing(Slice::id));
        return slices;
    }

    // the master of the slice's first device that has one; nobody while none of them has a master
    private boolean isOwner(Slice slice) {
        if (slice.devices().isEmpty()) {
            return true;
        }
        List<DeviceId> devices = new ArrayList<>(slice.devices());
        devices.sort(Comparator.comparing(DeviceId::toString));
        for (DeviceId device : devices) {
            if (mastershipService.getMasterFor(device) != null) {
                return mastershipService.isLocalMaster(device);
            }
        }
        return mastershipService.isLocalMaster(devices.get(0));
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
            log.warn("netcfg slice {}/{} not created ({} {}): {}", request.tenant(), request.name(),
                     e.kind(), e.kind().httpStatus(), e.getMessage());
        }
    }
}

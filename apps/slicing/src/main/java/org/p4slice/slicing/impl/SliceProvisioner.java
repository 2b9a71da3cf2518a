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
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceNotFoundException;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SliceStore;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.translator.SlicePlan;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The life cycle of slices: create, update, remove, and programming the stored slices again.
 * <p>
 * Operations are serialised. A request is checked completely (values, conflicts, path, capacity,
 * translation) before anything is written, so a refused request changes nothing. Then the slice
 * is stored as PROVISIONING, programmed, and marked ACTIVE, or FAILED with the programmer's
 * reason; a FAILED slice keeps its resources (and stays visible) until it is removed, and an
 * update, a restart or the reconnection of one of its devices programs it again.
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
     */
    SliceProvisioner(SliceStore store, SliceRequestValidator validator, AdmissionControl admission,
                     SliceAllocator allocator, SliceDeployer deployer, SlicingSettings settings,
                     MastershipService mastershipService, Supplier<BookingGuard> bookings,
                     AdmissionLock admissionLock) {
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
    }

    // a slice has no end: it must leave every booked slot what the booking was admitted with
    private void checkBookings(Slice candidate, SliceRequest request) {
        BookingGuard guard = bookings.get();
        if (guard != null) {
            guard.checkAgainstBookings(candidate, request);
        }
    }

    /**
     * Creates a slice.
     *
     * @param request request
     * @return the slice, ACTIVE or FAILED
     * @throws SlicingException if refused (nothing changed)
     */
    Slice create(SliceRequest request) {
        synchronized (lock) {
            // admitted and stored under the cluster-wide lock; programmed after it is released
            Admitted admitted = admissionLock.call(() -> admitAndCreate(request));
            return program(admitted.slice, admitted.plan);
        }
    }

    // a slice stored as admitted (its resources are held) and the plan to program it with
    private static final class Admitted {
        final Slice slice;
        final SlicePlan plan;
        final SlicePlan oldPlan;
        final boolean wasActive;

        Admitted(Slice slice, SlicePlan plan, SlicePlan oldPlan, boolean wasActive) {
            this.slice = slice;
            this.plan = plan;
            this.oldPlan = oldPlan;
            this.wasActive = wasActive;
        }
    }

    private Admitted admitAndCreate(SliceRequest request) {
        validator.validate(request, settings.tenants());
        SliceRequestValidator.checkUniqueName(request, allocations, null);
        Slice candidate = allocator.allocate(request, allocations, settings.vlanPool());
        validator.checkDevices(candidate);
        admission.admit(candidate, null, allocations);
        checkBookings(candidate, request);
        SlicePlan plan = deployer.plan(candidate);
        store.createSlice(candidate);
        log.info("Slice {} admitted: VLAN {}, {} bps, ports {}", SliceAllocator.describe(candidate),
                 candidate.vlan(), candidate.quotaBps(), candidate.ports());
        return new Admitted(candidate, plan, null, false);
    }

    /**
     * Updates a slice.
     *
     * @param id      slice id
     * @param request new shape
     * @return the slice, ACTIVE or FAILED
     * @throws SlicingException if refused (nothing changed)
     */
    Slice update(SliceId id, SliceRequest request) {
        synchronized (lock) {
            Admitted admitted = admissionLock.call(() -> admitAndUpdate(id, request));
            if (admitted.wasActive) {
                // only what differs is written: a quota change rewrites the meter cells alone
                return record(admitted.slice, deployer.reprogram(admitted.oldPlan, admitted.plan));
            }
            // a FAILED slice may be installed in part: everything again
            deployer.unprogram(admitted.oldPlan);
            return program(admitted.slice, admitted.plan);
        }
    }

    private Admitted admitAndUpdate(SliceId id, SliceRequest request) {
        Slice current = store.getSlice(id).orElseThrow(() -> notFound(id));
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
        SlicePlan newPlan = deployer.plan(candidate);
        SlicePlan oldPlan = deployer.plan(current);
        store.updateSlice(candidate.withState(SliceState.PROVISIONING, null));
        log.info("Slice {} updated: {} bps, ports {}", SliceAllocator.describe(candidate),
                 candidate.quotaBps(), candidate.ports());
        return new Admitted(candidate, newPlan, oldPlan, current.state() == SliceState.ACTIVE);
    }

    /**
     * Removes a slice: RELEASING, entries removed, counters reset, then deleted (resources free).
     *
     * @param id slice id
     * @throws SliceNotFoundException if there is no such slice
     */
    void remove(SliceId id) {
        synchronized (lock) {
            release(store.getSlice(id).orElseThrow(() -> notFound(id)));
        }
    }

    private static SliceNotFoundException notFound(SliceId id) {
        return new SliceNotFoundException("no slice with id " + id);
    }

    private void release(Slice slice) {
        store.setState(slice.id(), SliceState.RELEASING, null);
        try {
            deployer.unprogram(deployer.plan(slice));
        } catch (SlicingException e) {
            log.warn("Slice {} has no plan to remove: {}", SliceAllocator.describe(slice), e.getMessage());
        }
        deployer.resetCounters(slice);
        store.removeSlice(slice.id());
        log.info("Slice {} released", SliceAllocator.describe(slice));
    }

    private Slice program(Slice slice, SlicePlan plan) {
        return record(slice, deployer.program(plan));
    }

    // the outcome of programming: ACTIVE, or FAILED with the reason
    private Slice record(Slice slice, Optional<String> failure) {
        if (failure.isPresent()) {
            log.warn("Slice {} FAILED: {}", SliceAllocator.describe(slice), failure.get());
        }
        SliceState state = failure.isPresent() ? SliceState.FAILED : SliceState.ACTIVE;
        return store.setState(slice.id(), state, failure.orElse(null))
                .orElse(slice.withState(state, failure.orElse(null)));
    }

    /**
     * Programs every stored slice again (after activation): slices caught half-released are
     * released, the others programmed and marked ACTIVE or FAILED. A slice is handled by the
     * instance that masters its first device.
     */
    void restoreAll() {
        synchronized (lock) {
            for (Slice slice : sortedSlices()) {
                if (!isOwner(slice)) {
                    continue;
                }
                if (slice.state() == SliceState.RELEASING) {
                    release(slice);
                } else {
                    reprogram(slice, "restored");
                }
            }
        }
    }

    /**
     * Programs again every slice touching a device that has (re)connected.
     *
     * @param device device
     */
    void deviceAvailable(DeviceId device) {
        synchronized (lock) {
            for (Slice slice : sortedSlices()) {
                if (slice.devices().contains(device) && slice.state() != SliceState.RELEASING && isOwner(slice)) {
                    reprogram(slice, "reprogrammed after " + device + " connected");
                }
            }
        }
    }

    private List<Slice> sortedSlices() {
        List<Slice> slices = new ArrayList<>(store.getSlices());
        slices.sort(Comparator.comparing(Slice::id));
        return slices;
    }

    private void reprogram(Slice slice, String why) {
        SlicePlan plan;
        try {
            plan = deployer.plan(slice);
        } catch (SlicingException e) {
            store.setState(slice.id(), SliceState.FAILED, e.getMessage());
            log.warn("Slice {} FAILED: {}", SliceAllocator.describe(slice), e.getMessage());
            return;
        }
        Slice result = program(slice, plan);
        log.info("Slice {} {}: {}", SliceAllocator.describe(slice), why, result.state());
    }

    private boolean isOwner(Slice slice) {
        return slice.devices().isEmpty() || mastershipService.isLocalMaster(slice.devices().iterator().next());
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

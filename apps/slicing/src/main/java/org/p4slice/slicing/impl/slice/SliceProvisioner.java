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
import org.p4slice.slicing.impl.store.DistributedSliceStore;
import org.p4slice.slicing.impl.admission.AdmissionManager;
import org.p4slice.slicing.impl.admission.AdmissionLock;
import org.p4slice.slicing.impl.admission.SliceAllocations;
import org.p4slice.slicing.impl.admission.SliceAllocator;
import org.p4slice.slicing.impl.store.EnforcedRates;
import org.p4slice.slicing.impl.programming.SliceDeployer;
import org.onosproject.mastership.MastershipService;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SliceStore;
import org.slf4j.Logger;

import java.util.function.Predicate;

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
public final class SliceProvisioner {

    private final Logger log = getLogger(getClass());

    private final SliceStore store;
    private final AdmissionManager admission;
    private final SliceDeployer deployer;
    private final MastershipService mastershipService;
    private final SliceAllocations allocations;
    private final AdmissionLock admissionLock;
    private final SliceWork work;
    private final SliceOutcomes outcomes;
    private final Object lock = new Object();

    /**
     * Creates the provisioner.
     *
     * @param store             slice store
     * @param admission         the admission decision (request checks, allocation, capacity, bookings)
     * @param deployer          translation and programming
     * @param mastershipService decides which instance reprograms a slice
     * @param admissionLock     the cluster-wide admission lock
     * @param work              runs the device work
     */
    public SliceProvisioner(SliceStore store, AdmissionManager admission, SliceDeployer deployer,
                            MastershipService mastershipService, AdmissionLock admissionLock, SliceWork work) {
        this.store = checkNotNull(store);
        this.admission = checkNotNull(admission);
        this.deployer = checkNotNull(deployer);
        this.mastershipService = checkNotNull(mastershipService);
        this.allocations = DistributedSliceStore.allocationsOf(store);
        this.admissionLock = checkNotNull(admissionLock);
        this.work = checkNotNull(work);
        this.outcomes = new SliceOutcomes(store, deployer, mastershipService, work);
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
        Slice admitted;
        synchronized (lock) {
            admitted = admissionLock.call(() -> admitAndCreate(request));
        }
        work.submit(admitted.id(), () -> outcomes.programStored(admitted.id(), "created"));
        return store.getSlice(admitted.id()).orElse(admitted);
    }

    private Slice admitAndCreate(SliceRequest request) {
        Slice candidate = admission.admitNew(request, allocations);
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
    public Slice update(SliceId id, SliceRequest request) {
        Slice[] shapes;
        synchronized (lock) {
            shapes = admissionLock.call(() -> admitAndUpdate(id, request));
        }
        work.submit(id, () -> outcomes.reshape(shapes[0], shapes[1]));
        return store.getSlice(id).orElse(shapes[1]);
    }

    // returns {the slice before, the slice stored now}
    private Slice[] admitAndUpdate(SliceId id, SliceRequest request) {
        Slice current = store.getSlice(id).orElseThrow(id::notFound);
        if (current.state() == SliceState.RELEASING) {
            throw SlicingException.conflict("slice " + id + " is being released");
        }
        if (!request.tenant().equals(current.tenant())) {
            throw SlicingException.forbidden("slice " + id + " belongs to tenant " + current.tenant() + "; tenant "
                    + request.tenant() + " may not change it");
        }
        Slice candidate = admission.admitUpdate(current, request, allocations);
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
     * @throws SlicingException NOT_FOUND if there is no such slice
     */
    public void remove(SliceId id) {
        Slice slice;
        synchronized (lock) {
            slice = store.getSlice(id).orElseThrow(id::notFound);
            store.setState(id, SliceState.RELEASING, null);
        }
        work.submit(id, () -> outcomes.release(slice));
    }

    /**
     * Runs a slice's meter at a rate other than its quota (its quota to go back), and writes the
     * meter cells at once where the slice is programmed.
     *
     * @param id      slice id
     * @param rateBps rate in bit/s, &gt; 0
     * @param rates   the enforced rates
     * @throws SlicingException NOT_FOUND if there is no such slice; INVALID if the rate is not positive
     */
    public void setMeterRate(SliceId id, long rateBps, EnforcedRates rates) {
        Slice slice = store.getSlice(id).orElseThrow(id::notFound);
        if (rateBps <= 0) {
            throw SlicingException.invalid("the meter rate of slice " + id + " must be > 0 bit/s, got " + rateBps);
        }
        rates.set(id, rateBps, slice.quotaBps());
        if (slice.state() == SliceState.ACTIVE || slice.state() == SliceState.FAILED) {
            deployer.writeMeters(deployer.plan(slice)).ifPresent(
                    failure -> log.warn("Meter rate {} bit/s of slice {} not written everywhere: {}",
                                        rateBps, id, failure));
        }
    }

    /**
     * Brings the devices in line with the stored slices this instance is responsible for (see
     * {@link SliceOutcomes#reconcile}).
     *
     * @param filter            which slices
     * @param why               for the log
     * @param onlyIdleUnsettled true to skip ACTIVE slices and slices with work queued
     */
    public void reconcile(Predicate<Slice> filter, String why, boolean onlyIdleUnsettled) {
        outcomes.reconcile(filter, why, onlyIdleUnsettled);
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

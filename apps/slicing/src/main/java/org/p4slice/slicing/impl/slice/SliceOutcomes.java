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

import org.p4slice.slicing.impl.admission.SliceAllocator;
import org.p4slice.slicing.impl.programming.SliceDeployer;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SliceStore;
import org.p4slice.slicing.api.SlicingException;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The device side of a slice's life, run in its work queue ({@link SliceWork}): programming a slice
 * as stored, reshaping it from one plan to the next, releasing it, and recording the outcome
 * (ACTIVE, or FAILED with the reason) unless the slice changed meanwhile or the instance is
 * stopping; and the reconciliation that brings the devices in line with the store.
 */
final class SliceOutcomes {

    private final Logger log = getLogger(getClass());

    private final SliceStore store;
    private final SliceDeployer deployer;
    private final MastershipService mastershipService;
    private final SliceWork work;

    SliceOutcomes(SliceStore store, SliceDeployer deployer, MastershipService mastershipService, SliceWork work) {
        this.store = store;
        this.deployer = deployer;
        this.mastershipService = mastershipService;
        this.work = work;
    }

    void release(Slice slice) {
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
    void programStored(SliceId id, String why) {
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
    void reshape(Slice before, Slice after) {
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
}

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

import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SliceStore;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.impl.programming.DeviceWriter;
import org.p4slice.slicing.impl.programming.ProgramResult;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.p4slice.slicing.impl.store.SliceHoldings;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The device side of a slice's life on this instance: one step per slice at a time
 * ({@link SliceWork}) brings the devices this instance masters in line with the slice as stored
 * and records each device's outcome (in the {@link org.p4slice.slicing.api.SliceDeviceStore}); on the
 * slice's owner only ({@link SliceOwner}) the step then decides the slice's state from the outcomes of all its devices.
 * <p>
 * A step translates each shape of the slice it meets once ({@link SlicePlanner}): the slice as
 * stored, and each earlier shape the devices hold (to diff an update against it, to remove it from a
 * device the slice left, to release it), shared by all devices that hold it; an earlier shape is
 * known by its fingerprint and translated if this instance saw that version ({@link HeldShapes}),
 * else the device is written whole (its stale rules removed first); the
 * {@link DeviceWriter} writes each group of devices at once and its {@link ProgramResult} is the
 * devices' outcome.
 * <p>
 * Every instance runs steps for the slices it has a part in, on the slice store's events, on
 * mastership changes, on device and host events and periodically: a device's flow rules, meter
 * cell, multicast group and counters are written by its master only. The owner answers for devices
 * that no instance masters: a slice on such a device fails ("not available"); its release removes
 * what ONOS keeps for it. On one instance, which masters every device, one step writes all devices
 * and decides at once.
 */
final class SliceLifecycle {

    // what a step does (SliceWork merges two waiting steps of a slice into the higher level)
    /** Decide the slice's state from the outcomes recorded (the owner; nothing written). */
    static final int DECIDE = 0;
    /** Also write this instance's devices again, once every device of the slice is available. */
    static final int RECONCILE = 1;
    /** Also write this instance's devices (a new shape, a release): at once, even if one is down. */
    static final int PROGRAM = 2;

    private final Logger log = getLogger(getClass());

    private final SliceStore store;
    private final SlicePlanner planner;
    private final DeviceWriter writer;
    private final DeviceService deviceService;
    private final Outcomes outcomes;
    private final HeldShapes versions = new HeldShapes();
    private final MastershipService mastershipService;
    private final SliceWork work;
    private final SliceOwner owner;

    SliceLifecycle(SliceStore store, SlicePlanner planner, DeviceWriter writer, DeviceService deviceService,
                   Outcomes outcomes, MastershipService mastershipService, SliceWork work) {
        this.store = store;
        this.planner = planner;
        this.writer = writer;
        this.deviceService = deviceService;
        this.outcomes = outcomes;
        this.mastershipService = mastershipService;
        this.work = work;
        this.owner = new SliceOwner(store, outcomes, mastershipService, this::allDevices);
    }

    /**
     * Reacts to a change of the slice store (on any instance): a new or reshaped slice is
     * programmed, a RELEASING one released, by every instance with a part in it.
     *
     * @param event slice event
     */
    void storeChanged(SliceEvent event) {
        Slice slice = event.subject();
        if (event.type() == SliceEvent.Type.SLICE_REMOVED) {
            versions.forget(slice.id());
            planner.forget(slice.id());
            return;
        }
        versions.remember(slice);
        event.prevSubject().ifPresent(versions::remember);
        boolean released = event.type() == SliceEvent.Type.SLICE_STATE_CHANGED
                && slice.state() == SliceState.RELEASING;
        if (event.type() == SliceEvent.Type.SLICE_ADDED || event.type() == SliceEvent.Type.SLICE_UPDATED
                || released) {
            Set<DeviceId> devices = new LinkedHashSet<>(slice.devices());
            event.prevSubject().ifPresent(before -> devices.addAll(before.devices()));
            if (owner.isOwner(slice) || devices.stream().anyMatch(mastershipService::isLocalMaster)) {
                work.submit(slice.id(), PROGRAM, level -> step(slice.id(), level, describe(event)));
            }
        }
    }

    /**
     * Reacts to a device outcome written by any instance: the slice's owner decides again.
     *
     * @param id slice
     */
    void outcomeChanged(SliceId id) {
        store.getSlice(id).filter(owner::isOwner)
                .ifPresent(slice -> work.submit(id, DECIDE, level -> step(id, level, "device outcome")));
    }

    /**
     * Brings the devices in line with the stored slices this instance has a part in (it masters
     * one of their devices, or owns them), after any step already queued for each slice.
     *
     * @param filter            which slices (e.g. those on a device that just connected)
     * @param why               for the log
     * @param onlyIdleUnsettled true to skip ACTIVE slices and slices with a step queued (the periodic check)
     */
    void reconcile(Predicate<Slice> filter, String why, boolean onlyIdleUnsettled) {
        for (Slice slice : sortedSlices()) {
            if (!filter.test(slice) || !hasPart(slice)) {
                continue;
            }
            if (onlyIdleUnsettled && (slice.state() == SliceState.ACTIVE || !work.idle(slice.id()))) {
                continue;
            }
            work.submit(slice.id(), RECONCILE, level -> step(slice.id(), level, why));
        }
    }

    // one step: this instance's devices first, then (owner only) the slice's state
    private void step(SliceId id, int level, String why) {
        Optional<Slice> stored = store.getSlice(id);
        if (stored.isEmpty()) {
            versions.forget(id);
            planner.forget(id);
            return;
        }
        Slice slice = stored.get();
        versions.remember(slice);
        boolean isOwner = owner.isOwner(slice);
        Function<Slice, SlicePlan> plans = planner.oncePerShape();
        if (slice.state() == SliceState.RELEASING) {
            if (level > DECIDE) {
                release(slice, devicesToWrite(slice, isOwner), plans);
            }
            if (isOwner && !Thread.currentThread().isInterrupted()) {
                owner.deleteOnceReleased(slice);
            }
            return;
        }
        // a reconciliation waits for all the slice's devices: the last to (re)connect reconciles it
        if (level == PROGRAM || level == RECONCILE && slice.devices().stream().allMatch(deviceService::isAvailable)) {
            program(slice, devicesToWrite(slice, isOwner), why, plans);
        }
        if (isOwner) {
            this.owner.decide(slice, why);
        }
    }

    // the devices this instance writes for the slice: those it masters (the slice's, and those
    // it left that still hold it), and, on the owner, those no instance masters
    private Set<DeviceId> devicesToWrite(Slice slice, boolean isOwner) {
        Set<DeviceId> all = new TreeSet<>(Comparator.comparing(DeviceId::toString));
        all.addAll(slice.devices());
        all.addAll(outcomes.devices(slice.id(), allDevices()));
        return all.stream().filter(d -> mastershipService.isLocalMaster(d) || isOwner && owner.masterOf(d) == null)
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    private void program(Slice slice, Set<DeviceId> devices, String why, Function<Slice, SlicePlan> plans) {
        if (devices.isEmpty()) {
            return;
        }
        Set<DeviceId> left = new LinkedHashSet<>(devices);
        left.removeAll(slice.devices());
        SlicePlanner.byShape(left, device -> Optional.of(heldOn(slice, device)))
                .forEach((held, group) -> remove(held, group, plans));
        left.forEach(device -> outcomes.remove(slice.id(), device));
        Set<DeviceId> mine = new LinkedHashSet<>(devices);
        mine.removeAll(left);
        // devices no instance masters (the owner answers for them): nobody can write them now
        Set<DeviceId> unmastered = mine.stream().filter(d -> owner.masterOf(d) == null)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        mine.removeAll(unmastered);
        unmastered.forEach(d -> outcomes.record(d, slice, ProgramResult.failure(
                "slice " + slice.id() + ": device " + d + " is not available")));
        if (mine.isEmpty()) {
            return;
        }
        ProgramResult result;
        try {
            result = write(slice, plans.apply(slice), mine, plans);
        } catch (SlicingException e) {
            result = ProgramResult.failure(e.getMessage());
        }
        if (Thread.currentThread().isInterrupted()) {
            log.info("Slice {}: device work interrupted ({}); left {} for the next reconciliation",
                     SliceHoldings.describe(slice), why, slice.state());
            return;
        }
        ProgramResult outcome = result;
        mine.forEach(device -> outcomes.record(device, slice, outcome));
    }

    // the devices that fully hold an earlier shape get only what differs from it, written for all
    // of them at once; the others everything
    private ProgramResult write(Slice slice, SlicePlan plan, Set<DeviceId> devices, Function<Slice, SlicePlan> plans) {
        Map<Slice, Set<DeviceId>> earlier = SlicePlanner.byShape(devices, device -> outcomes.get(slice.id(), device)
                .filter(o -> o.state() == SliceState.ACTIVE && !o.isFor(slice))
                .flatMap(o -> versions.versionOf(slice.id(), o)));
        List<ProgramResult> results = new ArrayList<>();
        Set<DeviceId> full = new LinkedHashSet<>(devices);
        earlier.forEach((before, group) -> {
            full.removeAll(group);
            results.add(writer.update(plans.apply(before).restrictTo(group), plan.restrictTo(group)));
        });
        if (!full.isEmpty()) {
            results.add(writer.sync(plan.restrictTo(full)));
        }
        return ProgramResult.all(results);
    }

    private void release(Slice slice, Set<DeviceId> devices, Function<Slice, SlicePlan> plans) {
        Set<DeviceId> holding = devices.stream().filter(d -> !outcomes.is(slice, d, SliceState.RELEASING))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        // what each device holds: the slice as stored, or the shape it had when it left the device
        Map<Slice, Set<DeviceId>> held = SlicePlanner.byShape(holding, device -> Optional.of(
                slice.devices().contains(device) ? slice : heldOn(slice, device)));
        for (Map.Entry<Slice, Set<DeviceId>> shape : held.entrySet()) {
            remove(shape.getKey(), shape.getValue(), plans);
            if (Thread.currentThread().isInterrupted()) {
                log.info("Slice {}: release interrupted; left RELEASING for the next reconciliation",
                         SliceHoldings.describe(slice));
                return;
            }
            ProgramResult reset = writer.resetCounters(slice.id(), shape.getValue());
            reset.reason().ifPresent(r -> log.warn("Counters not reset everywhere: {}", r));
            shape.getValue().forEach(device -> outcomes.record(device, slice, SliceState.RELEASING, null));
        }
    }

    // the version of the slice a device holds, if this instance saw it; else the slice as stored
    // (whose removal plan covers the device with the slice's rules there, meter cell and group)
    private Slice heldOn(Slice slice, DeviceId device) {
        return outcomes.get(slice.id(), device).flatMap(o -> versions.versionOf(slice.id(), o)).orElse(slice);
    }

    // removes a shape of the slice from devices; failures are logged, so a release always completes
    private void remove(Slice held, Set<DeviceId> devices, Function<Slice, SlicePlan> plans) {
        try {
            writer.remove(SlicePlanner.covering(plans.apply(held), devices)).reason().ifPresent(
                    r -> log.warn("Removing slice {} from {} is unconfirmed: {}", SliceHoldings.describe(held),
                                  devices, r));
        } catch (SlicingException e) {
            log.warn("Slice {} has no plan to remove: {}", SliceHoldings.describe(held), e.getMessage());
        }
    }

    private Set<DeviceId> allDevices() {
        Set<DeviceId> ids = new HashSet<>();
        deviceService.getDevices().forEach(d -> ids.add(d.id()));
        return ids;
    }

    private List<Slice> sortedSlices() {
        List<Slice> slices = new ArrayList<>(store.getSlices());
        slices.sort(Comparator.comparing(Slice::id));
        return slices;
    }

    private boolean hasPart(Slice slice) {
        return owner.isOwner(slice) || slice.devices().stream().anyMatch(mastershipService::isLocalMaster);
    }

    private static String describe(SliceEvent event) {
        switch (event.type()) {
            case SLICE_ADDED:
                return "created";
            case SLICE_UPDATED:
                return "updated";
            default:
                return "released";
        }
    }
}

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

import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.DeviceShape;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SliceStore;
import org.p4slice.slicing.impl.programming.ProgramResult;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.p4slice.slicing.impl.store.SliceHoldings;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The one instance that decides a slice's state: the master of the slice's first device (by id)
 * that has a master, so ownership moves with that mastership. From the outcomes the devices'
 * masters recorded (the {@link org.p4slice.slicing.api.SliceDeviceStore}), joined into one
 * {@link ProgramResult}, it marks the slice ACTIVE or FAILED, and deletes a RELEASING slice once every
 * device that held it dropped it.
 */
final class SliceOwner {

    private final Logger log = getLogger(getClass());

    private final SliceStore store;
    private final Outcomes outcomes;
    private final MastershipService mastershipService;
    private final Supplier<Set<DeviceId>> allDevices;

    SliceOwner(SliceStore store, Outcomes outcomes, MastershipService mastershipService,
               Supplier<Set<DeviceId>> allDevices) {
        this.store = store;
        this.outcomes = outcomes;
        this.mastershipService = mastershipService;
        this.allDevices = allDevices;
    }

    /**
     * Returns the master of a device.
     *
     * @param device device
     * @return its master, or null if no instance masters it
     */
    NodeId masterOf(DeviceId device) {
        return mastershipService.getMasterFor(device);
    }

    /**
     * Tells whether this instance owns a slice: it masters the slice's first device (by id) that
     * has a master. While none of the slice's devices has a master (all disconnected), nothing can
     * be written and every instance answers for it alike: the slice fails ("not available"), its
     * release removes what ONOS keeps; the first device to get a master makes its master the owner.
     *
     * @param slice slice
     * @return true if this instance decides the slice's state
     */
    boolean isOwner(Slice slice) {
        for (DeviceId device : sortedDevices(slice.devices())) {
            if (masterOf(device) != null) {
                return mastershipService.isLocalMaster(device);
            }
        }
        return true;
    }

    /**
     * Decides the slice's state: ACTIVE once every device holds the stored shape; FAILED once
     * every device answered for it and one failed; else undecided (a device's master is still at
     * work). Changes nothing if the slice changed meanwhile (its own step then decides).
     *
     * @param slice the slice as stored
     * @param why   for the log
     */
    void decide(Slice slice, String why) {
        List<ProgramResult> results = new ArrayList<>();
        for (DeviceId device : sortedDevices(slice.devices())) {
            Optional<DeviceOutcome> outcome = outcomes.get(slice.id(), device).filter(o -> o.isFor(slice));
            if (outcome.isEmpty() || outcome.get().state() == SliceState.RELEASING) {
                return;
            }
            results.add(outcome.get().reason().map(ProgramResult::failure).orElse(ProgramResult.success()));
        }
        record(ProgramResult.all(results).applyTo(slice), why);
    }

    // the decision, unless the slice was changed or removed meanwhile (its own step then records)
    private void record(Slice decided, String why) {
        Optional<Slice> now = store.getSlice(decided.id());
        if (now.isEmpty() || now.get().state() == SliceState.RELEASING
                || !DeviceShape.fingerprint(now.get()).equals(DeviceShape.fingerprint(decided))) {
            return;
        }
        if (now.get().state() == decided.state() && now.get().reason().equals(decided.reason())) {
            return;
        }
        store.setState(decided.id(), decided.state(), decided.reason().orElse(null));
        if (decided.state() == SliceState.FAILED) {
            log.warn("Slice {} FAILED ({}): {}", SliceHoldings.describe(decided), why, decided.reason().orElse(""));
        } else {
            log.info("Slice {} ACTIVE ({})", SliceHoldings.describe(decided), why);
        }
    }

    /**
     * Deletes a RELEASING slice once each device that held it dropped it (its resources free).
     *
     * @param slice the slice as stored
     */
    void deleteOnceReleased(Slice slice) {
        Set<DeviceId> holders = new LinkedHashSet<>(slice.devices());
        holders.addAll(outcomes.devices(slice.id(), allDevices.get()));
        if (!holders.stream().allMatch(d -> outcomes.is(slice, d, SliceState.RELEASING))) {
            return;
        }
        holders.forEach(d -> outcomes.remove(slice.id(), d));
        store.removeSlice(slice.id());
        log.info("Slice {} released", SliceHoldings.describe(slice));
    }

    private static Set<DeviceId> sortedDevices(Set<DeviceId> devices) {
        Set<DeviceId> sorted = new TreeSet<>(Comparator.comparing(DeviceId::toString));
        sorted.addAll(devices);
        return sorted;
    }
}

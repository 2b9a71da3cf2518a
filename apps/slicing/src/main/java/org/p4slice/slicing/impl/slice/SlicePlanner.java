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

import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.KnownHosts;
import org.p4slice.slicing.impl.translator.PlannedGroup;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.p4slice.slicing.impl.translator.SliceTranslator;

import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.SliceState;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Turns a slice into the plan the device writer puts on the switches: the pure translation
 * ({@link SliceTranslator}) with the hosts ONOS has located at the slice's access ports, so unicast
 * to a known host goes to its port (or the trunk towards it) and only unknown destinations are
 * flooded, and the meter rate the fairness app enforces instead of the quota, if any. A step of
 * the slice's life translates each shape it meets once ({@link #oncePerShape}, {@link #byShape}).
 * <p>
 * Translated once per change: the planner keeps the last translation of each shape with the hosts it
 * was made for ({@value #REMEMBERED} shapes at most, the least recently used forgotten), and translates
 * a shape again only if its known hosts changed. So the translation admission checks a POST or PUT
 * with, under the admission lock, is the plan the life cycle then writes (unless a host came or went
 * in between), and an update's earlier shape is not translated again either.
 */
final class SlicePlanner {

    /** How many shapes' translations are kept. */
    static final int REMEMBERED = 256;

    private final BiFunction<Slice, KnownHosts, SlicePlan> translator;
    private final Function<Slice, OptionalLong> meterRates;
    private final Function<Slice, KnownHosts> hosts;
    // shape (state aside) -> its last translation and the hosts it was made for
    private final Map<Slice, Translation> translations = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Slice, Translation> eldest) {
            return size() > REMEMBERED;
        }
    };

    /**
     * Creates a planner.
     *
     * @param translator slice and its known hosts to plan (e.g. {@link SliceTranslator#translate})
     * @param meterRates the meter rate in bit/s enforced for a slice instead of its quota, if any
     * @param hosts      where the hosts of a slice are
     */
    public SlicePlanner(BiFunction<Slice, KnownHosts, SlicePlan> translator,
                        Function<Slice, OptionalLong> meterRates, Function<Slice, KnownHosts> hosts) {
        this.translator = checkNotNull(translator);
        this.meterRates = checkNotNull(meterRates);
        this.hosts = checkNotNull(hosts);
    }

    /**
     * Translates a slice.
     *
     * @param slice slice with its links resolved
     * @return plan
     * @throws SlicingException INVALID if the pipeline cannot express the slice
     */
    public SlicePlan plan(Slice slice) {
        try {
            SlicePlan plan = translated(shape(slice));
            OptionalLong enforced = meterRates.apply(slice);
            return enforced.isPresent()
                    ? plan.withMeterRate(SliceTranslator.bytesPerSecond(enforced.getAsLong())) : plan;
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid("slice " + slice.id() + " cannot be expressed in the p4slice pipeline: "
                    + e.getMessage());
        }
    }

    // the shape's plan for the hosts known now: the last translation if they did not change
    private SlicePlan translated(Slice shape) {
        KnownHosts known = hosts.apply(shape);
        synchronized (translations) {
            Translation last = translations.get(shape);
            if (last != null && last.hosts.equals(known)) {
                return last.plan;
            }
        }
        SlicePlan plan = translator.apply(shape, known);
        synchronized (translations) {
            translations.put(shape, new Translation(known, plan));
        }
        return plan;
    }

    /**
     * Forgets the translations of a slice's shapes (it is no longer stored).
     *
     * @param slice slice id
     */
    void forget(SliceId slice) {
        synchronized (translations) {
            translations.keySet().removeIf(shape -> shape.id().equals(slice));
        }
    }

    private static final class Translation {
        private final KnownHosts hosts;
        private final SlicePlan plan;

        private Translation(KnownHosts hosts, SlicePlan plan) {
            this.hosts = hosts;
            this.plan = plan;
        }
    }

    /**
     * Returns a translation for one piece of work that translates each shape of a slice (state
     * and reason aside) at most once and hands out the same plan (or refusal) again after.
     *
     * @return slice to plan, each shape translated once
     */
    Function<Slice, SlicePlan> oncePerShape() {
        Map<Slice, SlicePlan> plans = new HashMap<>();
        Map<Slice, SlicingException> refused = new HashMap<>();
        return slice -> {
            Slice shape = shape(slice);
            if (refused.containsKey(shape)) {
                throw refused.get(shape);
            }
            SlicePlan plan = plans.get(shape);
            if (plan == null) {
                try {
                    plan = plan(shape);
                } catch (SlicingException e) {
                    refused.put(shape, e);
                    throw e;
                }
                plans.put(shape, plan);
            }
            return plan;
        };
    }

    /**
     * Groups devices by the shape of the slice each holds (state and reason aside), in order, so
     * that each shape is translated and written once for all its devices.
     *
     * @param devices devices
     * @param held    the slice a device holds, if any
     * @return shape to its devices; devices that hold none are left out
     */
    static Map<Slice, Set<DeviceId>> byShape(Set<DeviceId> devices, Function<DeviceId, Optional<Slice>> held) {
        Map<Slice, Set<DeviceId>> shapes = new LinkedHashMap<>();
        for (DeviceId device : devices) {
            held.apply(device).ifPresent(slice -> shapes.computeIfAbsent(shape(slice), s -> new LinkedHashSet<>())
                    .add(device));
        }
        return shapes;
    }

    /**
     * Returns a plan restricted to some devices that covers each of them: a device the plan has no
     * part on (e.g. one the slice left, whose earlier version is unknown here) gets an empty part with
     * the slice's meter cell and multicast group, so that a removal takes those off it, with every
     * rule of the slice ONOS holds there.
     *
     * @param plan    the slice's plan
     * @param devices devices
     * @return plan with a part for each device
     */
    static SlicePlan covering(SlicePlan plan, Set<DeviceId> devices) {
        SlicePlan restricted = plan.restrictTo(devices);
        if (restricted.devices().keySet().containsAll(devices) || plan.devices().isEmpty()) {
            return restricted;
        }
        DevicePlan any = plan.devices().values().iterator().next();
        Map<DeviceId, DevicePlan> parts = new LinkedHashMap<>(restricted.devices());
        for (DeviceId device : devices) {
            parts.computeIfAbsent(device, d -> DevicePlan.of(d, List.of(), any.meter(),
                                                              PlannedGroup.of(any.group().groupId(), List.of())));
        }
        return SlicePlan.of(plan.sliceId(), parts);
    }

    private static Slice shape(Slice slice) {
        return slice.withState(SliceState.PROVISIONING, null);
    }
}

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
package org.p4slice.slicing.impl.programming;

import org.p4slice.slicing.api.SlicingException;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.p4slice.slicing.impl.translator.SliceTranslator;
import org.p4slice.slicing.impl.translator.KnownHosts;
import org.slf4j.Logger;

import java.util.HashSet;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Puts slices on the devices and takes them off: translation into a plan, programming through
 * the device programmer, and the reset of the slice's counters on release.
 * <p>
 * Plans are translated with the hosts ONOS has located at the slice's access ports, so unicast to
 * a known host goes to its port (or the trunk towards it) and only unknown destinations are
 * flooded; the meter rate is the one the fairness app enforces instead of the quota, if any.
 * Since a plan changes when hosts come and go, programming syncs: the slice's rules the plan no
 * longer has are removed, and release removes every rule of the slice. Counters are reset where
 * this instance is the device's master (the only instance whose writes the device accepts); the
 * slice life cycle hands each instance only the plans of the devices it masters.
 */
public final class SliceDeployer {

    private final Logger log = getLogger(getClass());

    private final SliceTranslator translator;
    private final DeviceProgrammer programmer;
    private final DeviceService deviceService;
    private final DeviceBehaviours behaviours;
    private final MastershipService mastershipService;
    private final Function<SliceId, OptionalLong> meterRates;
    private final Function<Slice, KnownHosts> hosts;

    /**
     * Creates a deployer.
     *
     * @param translator        slice to plan
     * @param programmer        applies and removes plans
     * @param deviceService     devices, for their availability
     * @param behaviours        the devices' behaviours (counters)
     * @param mastershipService which devices this instance writes to
     * @param meterRates        the meter rate in bit/s enforced for a slice instead of its quota, if any
     * @param hosts             where the hosts of a slice are
     */
    public SliceDeployer(SliceTranslator translator, DeviceProgrammer programmer, DeviceService deviceService,
                  DeviceBehaviours behaviours, MastershipService mastershipService,
                  Function<SliceId, OptionalLong> meterRates, Function<Slice, KnownHosts> hosts) {
        this.translator = checkNotNull(translator);
        this.programmer = checkNotNull(programmer);
        this.deviceService = checkNotNull(deviceService);
        this.behaviours = checkNotNull(behaviours);
        this.mastershipService = checkNotNull(mastershipService);
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
            SlicePlan plan = translator.translate(slice, hosts.apply(slice));
            OptionalLong enforced = meterRates.apply(slice.id());
            return enforced.isPresent()
                    ? plan.withMeterRate(SliceTranslator.bytesPerSecond(enforced.getAsLong())) : plan;
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid("slice " + slice.id() + " cannot be expressed in the p4slice pipeline: "
                    + e.getMessage());
        }
    }

    /**
     * Programs a plan on its devices, removing the slice's rules it no longer has.
     *
     * @param plan plan
     * @return empty on success, else why it failed (nothing of the plan is left installed then)
     */
    public Optional<String> program(SlicePlan plan) {
        try {
            ProgramResult result = programmer.sync(plan);
            if (result.ok()) {
                return Optional.empty();
            }
            return Optional.of(result.reason().orElse("programming failed without a reason"));
        } catch (RuntimeException e) {
            log.warn("Programming slice {} failed", plan.sliceId(), e);
            return Optional.of("programming failed: " + e);
        }
    }

    /**
     * Writes a plan's meter cells alone.
     *
     * @param plan plan
     * @return empty on success, else why it failed
     */
    public Optional<String> writeMeters(SlicePlan plan) {
        ProgramResult result = programmer.writeMeters(plan);
        return result.ok() ? Optional.empty() : Optional.of(result.reason().orElse("meter write failed"));
    }

    /**
     * Changes a slice on its devices from one plan to another, writing only what differs.
     *
     * @param oldPlan the plan programmed now
     * @param newPlan the plan wanted
     * @return empty on success, else why it failed
     */
    public Optional<String> reprogram(SlicePlan oldPlan, SlicePlan newPlan) {
        try {
            ProgramResult result = programmer.update(oldPlan, newPlan);
            return result.ok() ? Optional.empty()
                    : Optional.of(result.reason().orElse("reprogramming failed without a reason"));
        } catch (RuntimeException e) {
            log.warn("Reprogramming slice {} failed", newPlan.sliceId(), e);
            return Optional.of("reprogramming failed: " + e);
        }
    }

    /**
     * Removes a plan from its devices; failures are logged, never thrown, so a release always
     * completes.
     *
     * @param plan plan
     */
    public void unprogram(SlicePlan plan) {
        try {
            ProgramResult result = programmer.remove(plan);
            if (!result.ok()) {
                log.warn("Removing the entries of slice {} is unconfirmed: {}", plan.sliceId(),
                         result.reason().orElse("no reason given"));
            }
        } catch (RuntimeException e) {
            log.warn("Removing the entries of slice {} failed; they may remain on the devices", plan.sliceId(), e);
        }
    }

    /**
     * Returns every device ONOS knows.
     *
     * @return device ids
     */
    public Set<DeviceId> devices() {
        Set<DeviceId> ids = new HashSet<>();
        deviceService.getDevices().forEach(d -> ids.add(d.id()));
        return ids;
    }

    /**
     * Tells whether every device of the slice is available.
     *
     * @param slice slice
     * @return true if all are
     */
    public boolean devicesAvailable(Slice slice) {
        return slice.devices().stream().allMatch(deviceService::isAvailable);
    }

    /**
     * Resets the slice's counter cells on the given devices that have the counter behaviour and
     * that this instance masters (only the master's writes reach a device; the others' masters
     * reset theirs).
     *
     * @param slice   slice being released
     * @param devices the devices to reset it on
     */
    public void resetCounters(Slice slice, Set<DeviceId> devices) {
        for (DeviceId id : devices) {
            Optional<SliceCounters> counters = behaviours.of(id, SliceCounters.class);
            if (counters.isEmpty()) {
                continue;
            }
            if (!mastershipService.isLocalMaster(id)) {
                log.warn("Counters of slice {} on {} not reset: this instance is not its master", slice.id(), id);
                continue;
            }
            try {
                counters.get().reset(slice.id().id());
            } catch (RuntimeException e) {
                log.warn("Resetting the counters of slice {} on {} failed", slice.id(), id, e);
            }
        }
    }
}

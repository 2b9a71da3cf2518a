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
package org.p4slice.slicing.impl.translator;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.SliceId;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Objects;
import java.util.TreeMap;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The PI entities of one slice on every device it touches.
 */
public final class SlicePlan {

    private final SliceId sliceId;
    private final Map<DeviceId, DevicePlan> devices;

    private SlicePlan(SliceId sliceId, Map<DeviceId, DevicePlan> devices) {
        this.sliceId = checkNotNull(sliceId, "slice id must not be null");
        checkNotNull(devices, "devices must not be null");
        Map<DeviceId, DevicePlan> sorted = new TreeMap<>(Comparator.comparing(DeviceId::toString));
        devices.forEach((deviceId, plan) -> {
            checkArgument(deviceId.equals(plan.deviceId()), "device plan of %s filed under %s",
                          plan.deviceId(), deviceId);
            sorted.put(deviceId, plan);
        });
        this.devices = ImmutableMap.copyOf(sorted);
    }

    /**
     * Returns a slice plan.
     *
     * @param sliceId slice
     * @param devices plan per device (each filed under its own device id)
     * @return plan
     */
    public static SlicePlan of(SliceId sliceId, Map<DeviceId, DevicePlan> devices) {
        return new SlicePlan(sliceId, devices);
    }

    /**
     * Returns the slice the plan is for.
     *
     * @return slice id
     */
    public SliceId sliceId() {
        return sliceId;
    }

    /**
     * Returns the plan of every device the slice touches, iterated in device id order.
     *
     * @return device plans by device
     */
    public Map<DeviceId, DevicePlan> devices() {
        return devices;
    }

    /**
     * Returns this plan with every device's meter cell set to another rate (CIR = PIR), bursts
     * unchanged: the rate the fairness app enforces instead of the quota.
     *
     * @param bytesPerSecond rate, &gt; 0
     * @return plan with that meter rate
     */
    public SlicePlan withMeterRate(long bytesPerSecond) {
        Map<DeviceId, DevicePlan> changed = new LinkedHashMap<>();
        devices.forEach((id, device) -> {
            PlannedMeter m = device.meter();
            changed.put(id, DevicePlan.of(id, device.entries(), PlannedMeter.of(
                    m.meter(), m.index(), bytesPerSecond, m.cburst(), bytesPerSecond, m.pburst()), device.group()));
        });
        return of(sliceId, changed);
    }

    /**
     * Returns the part of this plan on some devices.
     *
     * @param deviceIds devices to keep
     * @return plan with only those of its devices
     */
    public SlicePlan restrictTo(Set<DeviceId> deviceIds) {
        Map<DeviceId, DevicePlan> kept = new HashMap<>(devices);
        kept.keySet().retainAll(deviceIds);
        return new SlicePlan(sliceId, kept);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SlicePlan)) {
            return false;
        }
        SlicePlan that = (SlicePlan) o;
        return sliceId.equals(that.sliceId) && devices.equals(that.devices);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sliceId, devices);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("sliceId", sliceId).add("devices", devices.values())
                .toString();
    }
}

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
import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;

import java.util.List;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What one device needs for one slice: its table entries (in installation order), the slice's
 * meter cell and the slice's multicast group.
 */
public final class DevicePlan {

    private final DeviceId deviceId;
    private final List<PlannedEntry> entries;
    private final PlannedMeter meter;
    private final PlannedGroup group;

    private DevicePlan(DeviceId deviceId, List<PlannedEntry> entries, PlannedMeter meter, PlannedGroup group) {
        this.deviceId = checkNotNull(deviceId, "device id must not be null");
        this.entries = ImmutableList.copyOf(checkNotNull(entries, "entries must not be null"));
        this.meter = checkNotNull(meter, "meter must not be null");
        this.group = checkNotNull(group, "group must not be null");
    }

    /**
     * Returns a device plan.
     *
     * @param deviceId device
     * @param entries  table entries
     * @param meter    meter cell
     * @param group    multicast group
     * @return device plan
     */
    public static DevicePlan of(DeviceId deviceId, List<PlannedEntry> entries, PlannedMeter meter,
                                PlannedGroup group) {
        return new DevicePlan(deviceId, entries, meter, group);
    }

    /**
     * Returns the device.
     *
     * @return device id
     */
    public DeviceId deviceId() {
        return deviceId;
    }

    /**
     * Returns the table entries: classifier entries by port, then L2 forwarding entries by MAC,
     * then egress VLAN entries by port.
     *
     * @return entries
     */
    public List<PlannedEntry> entries() {
        return entries;
    }

    /**
     * Returns the meter cell of the slice.
     *
     * @return meter
     */
    public PlannedMeter meter() {
        return meter;
    }

    /**
     * Returns the multicast group of the slice.
     *
     * @return group
     */
    public PlannedGroup group() {
        return group;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DevicePlan)) {
            return false;
        }
        DevicePlan that = (DevicePlan) o;
        return deviceId.equals(that.deviceId) && entries.equals(that.entries) && meter.equals(that.meter)
                && group.equals(that.group);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, entries, meter, group);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("deviceId", deviceId).add("entries", entries).add("meter", meter).add("group", group)
                .toString();
    }
}

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
package org.p4slice.slicing.api;

import org.onosproject.net.DeviceId;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The key of a device's outcome for a slice: one slice on one device. Its fields never change (the
 * cluster's map of outcomes is keyed by its serialized form).
 */
public final class SliceDeviceKey implements Comparable<SliceDeviceKey> {

    private final SliceId slice;
    private final DeviceId device;

    private SliceDeviceKey(SliceId slice, DeviceId device) {
        this.slice = checkNotNull(slice, "slice id must not be null");
        this.device = checkNotNull(device, "device id must not be null");
    }

    /**
     * Returns the key of a slice on a device.
     *
     * @param slice  slice id
     * @param device device id
     * @return key
     */
    public static SliceDeviceKey of(SliceId slice, DeviceId device) {
        return new SliceDeviceKey(slice, device);
    }

    /**
     * Returns the slice.
     *
     * @return slice id
     */
    public SliceId slice() {
        return slice;
    }

    /**
     * Returns the device.
     *
     * @return device id
     */
    public DeviceId device() {
        return device;
    }

    @Override
    public int compareTo(SliceDeviceKey other) {
        int bySlice = slice.compareTo(other.slice);
        return bySlice != 0 ? bySlice : device.toString().compareTo(other.device.toString());
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SliceDeviceKey)) {
            return false;
        }
        SliceDeviceKey that = (SliceDeviceKey) o;
        return slice.equals(that.slice) && device.equals(that.device);
    }

    @Override
    public int hashCode() {
        return Objects.hash(slice, device);
    }

    @Override
    public String toString() {
        return slice + "@" + device;
    }
}

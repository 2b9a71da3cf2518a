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

import org.onosproject.event.ListenerService;
import org.onosproject.net.DeviceId;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Read access to the testbed's slices and capacity.
 */
public interface SliceService extends ListenerService<SliceEvent, SliceListener> {

    /**
     * Returns every slice.
     *
     * @return slices
     */
    Set<Slice> getSlices();

    /**
     * Returns the slices of one tenant.
     *
     * @param tenant tenant
     * @return slices
     */
    Set<Slice> getSlices(TenantId tenant);

    /**
     * Returns a slice.
     *
     * @param id slice id
     * @return the slice, or empty if there is none with that id
     */
    Optional<Slice> getSlice(SliceId id);

    /**
     * Returns what each device holds of a slice, as its master last recorded it: the slice's devices
     * and those that still hold an earlier version of it.
     *
     * @param id slice id
     * @return device to outcome, ordered by device id; empty if none was recorded
     */
    Map<DeviceId, DeviceOutcome> getDeviceOutcomes(SliceId id);

    /**
     * Returns the rate a slice's meter is enforced at instead of its quota (set through
     * {@link SliceAdminService#setMeterRate}, e.g. lent or borrowed by the fairness app), as the
     * slicing app programs it and its meter audit checks it. A rate is cleared when the slice is
     * updated, released or reprogrammed anew, and when the slicing app starts.
     *
     * @param id slice id
     * @return rate in bit/s, or empty when the slice's meter runs at its quota (or there is no such slice)
     */
    OptionalLong getMeterRate(SliceId id);

    /**
     * Returns capacity and allocation of every switch port, ordered by device and port.
     *
     * @return port capacities
     */
    List<PortCapacity> getPortCapacities();

    /**
     * Returns capacity and allocation of every inter-switch link (one entry per pair of
     * directions), ordered by source device and port.
     *
     * @return link capacities
     */
    List<LinkCapacity> getLinkCapacities();

    /**
     * Returns the guard band fraction in effect (0 &lt;= epsilon &lt; 1).
     *
     * @return epsilon
     */
    double guardBand();
}

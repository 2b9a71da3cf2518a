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
package org.p4slice.slicing.impl.admission;

import org.p4slice.slicing.api.SlicingException;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.net.topology.PathService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.config.SlicingConfig;

import java.util.List;


/**
 * The one admission decision of p4slice, for slices created now and for bookings alike: a request
 * is validated, its id, VLAN and trunk path allocated, and its quota admitted against every port's
 * and link's usable capacity. Slices are admitted here; bookings, at every instant of their slot, by
 * the reservation manager's booking rules with this component's validator, allocator and capacity
 * decision. Every decision is taken with one immutable {@link AdmissionSettings} snapshot, the one
 * the slice manager set last (the component's guard band, the valid network configuration).
 * Decisions only read; the caller stores what was admitted, under the cluster-wide admission lock.
 * <p>
 * A component of its own that references neither manager, so the slice manager and the
 * reservation manager (which needs the slice manager) share it without a service cycle; the
 * reservation manager registers here the {@link BookingGuard} that new slices are checked against.
 */
@Component(immediate = true, service = AdmissionManager.class)
public class AdmissionManager {

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PathService pathService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    private SliceRequestValidator validator;
    private SliceAllocator allocator;
    private AdmissionControl capacity;

    private double componentGuardBand = AdmissionSettings.DEFAULT_GUARD_BAND;
    private SlicingConfig config;
    private volatile AdmissionSettings settings = AdmissionSettings.DEFAULTS;
    private volatile BookingGuard guard;

    /** Builds the checks over the network services. */
    @Activate
    public void activate() {
        validator = new SliceRequestValidator(deviceService, linkService, pipeconfService);
        allocator = new SliceAllocator(new TrunkPathResolver(pathService));
        capacity = new AdmissionControl(deviceService, linkService);
    }

    /**
     * Returns the settings decisions are taken with now.
     *
     * @return snapshot
     */
    public AdmissionSettings settings() {
        return settings;
    }

    /**
     * Sets the guard band of the component configuration (the netcfg's wins while it has one).
     *
     * @param fraction the guard band, in [0, 1)
     * @throws IllegalArgumentException if out of range (nothing changes)
     */
    public synchronized void setComponentGuardBand(double fraction) {
        AdmissionSettings next = AdmissionSettings.of(fraction, config);
        componentGuardBand = fraction;
        settings = next;
    }

    /**
     * Applies a network configuration; null restores the defaults.
     *
     * @param validConfig a valid configuration, or null
     */
    public synchronized void applyConfig(SlicingConfig validConfig) {
        settings = AdmissionSettings.of(componentGuardBand, validConfig);
        config = validConfig;
    }

    /**
     * Admits a new slice: validated, id, VLAN and trunks allocated, devices checked, capacity
     * admitted, and the booked slots left what they were admitted with.
     *
     * @param request     request
     * @param allocations what the stored slices hold
     * @return the slice as it would be stored (its state not yet set)
     * @throws org.p4slice.slicing.api.SlicingException saying why not
     */
    public Slice admitNew(SliceRequest request, SliceAllocations allocations) {
        AdmissionSettings now = settings;
        validator.validate(request, now.tenants());
        SliceRequestValidator.checkUniqueName(request, allocations, null);
        Slice candidate = allocator.allocate(request, allocations, now.vlanPool());
        validator.checkDevices(candidate);
        capacity.admit(candidate, null, allocations, now);
        checkAgainstBookings(candidate, request);
        return candidate;
    }

    /**
     * Admits a new shape of a stored slice (its VLAN and id kept): validated, reshaped, capacity
     * admitted with its own old allocation excluded, the booked slots left alone.
     *
     * @param current     the slice as stored
     * @param request     its new shape
     * @param allocations what the stored slices hold
     * @return the slice as it would be stored
     * @throws org.p4slice.slicing.api.SlicingException saying why not
     */
    public Slice admitUpdate(Slice current, SliceRequest request, SliceAllocations allocations) {
        AdmissionSettings now = settings;
        validator.validate(request, now.tenants());
        if (request.id().isPresent() && !request.id().get().equals(current.id())) {
            throw SlicingException.invalid("the request names slice " + request.id().get()
                    + " but slice " + current.id() + " is being updated");
        }
        if (request.vlan().isPresent() && !request.vlan().get().equals(current.vlan())) {
            throw SlicingException.invalid("the VLAN of slice " + current.id() + " is " + current.vlan()
                    + " and cannot be changed (requested " + request.vlan().get()
                    + "); remove the slice and create it again");
        }
        SliceRequestValidator.checkUniqueName(request, allocations, current.id());
        Slice candidate = allocator.reshape(current, request, allocations);
        validator.checkDevices(candidate);
        capacity.admit(candidate, current, allocations, now);
        checkAgainstBookings(candidate, request);
        return candidate;
    }

    // a slice has no end: it must leave every booked slot what the booking was admitted with
    private void checkAgainstBookings(Slice candidate, SliceRequest request) {
        BookingGuard bookings = guard;
        if (bookings != null) {
            bookings.checkAgainstBookings(candidate, request);
        }
    }

    /**
     * Returns the validator of slice requests (the booking rules check a booking's slice with it).
     *
     * @return validator
     */
    public SliceRequestValidator validator() {
        return validator;
    }

    /**
     * Returns the allocator of ids, VLANs and trunks (admission over time decides with it).
     *
     * @return allocator
     */
    public SliceAllocator allocator() {
        return allocator;
    }

    /**
     * Returns the capacity decision (admission over time decides with it).
     *
     * @return admission control
     */
    public AdmissionControl capacity() {
        return capacity;
    }

    /**
     * Reports every port's capacity and allocation.
     *
     * @param allocations what the slices hold
     * @return report, ordered by device and port
     */
    public List<PortCapacity> portCapacities(SliceAllocations allocations) {
        return capacity.portCapacities(allocations, settings);
    }

    /**
     * Reports every inter-switch link's capacity and allocation.
     *
     * @param allocations what the slices hold
     * @return report, one entry per physical link
     */
    public List<LinkCapacity> linkCapacities(SliceAllocations allocations) {
        return capacity.linkCapacities(allocations, settings);
    }

    /**
     * Registers the guard of the booked slots.
     *
     * @param bookingGuard guard
     */
    public void register(BookingGuard bookingGuard) {
        guard = bookingGuard;
    }

    /**
     * Removes the guard if it is the registered one.
     *
     * @param bookingGuard guard
     */
    public void unregister(BookingGuard bookingGuard) {
        if (guard == bookingGuard) {
            guard = null;
        }
    }
}

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
package org.p4slice.web.gui;

import org.p4slice.slicing.api.SlicingException;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.fairness.api.FairnessViews;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantReservationService;
import org.p4slice.slicing.api.tenant.TenantService;
import org.p4slice.slicing.api.tenant.TenantSliceService;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The one place where the GUI reaches the p4slice services: every read and every change the GUI's
 * message handlers make goes through an instance of this class, made for the user of the GUI
 * session ({@code UiConnection.userName()}), and goes through the tenant-scoped services as that
 * caller, exactly as the REST API's requests do: a tenant's user sees and changes only its tenant's
 * slices and reservations (another tenant's is "not found"), the fairness panel shows its slices
 * only. Port and link capacity is not scoped (as {@code GET /capacity}).
 * <p>
 * ONOS's classic GUI gives its message handlers the user's name but not the user's roles, and
 * itself lets any logged-in user act as an administrator (its applications view installs and
 * removes applications). The GUI caller is therefore taken to hold the admin role: a user in no
 * tenant is an operator here, while a tenant's user is confined to its tenant as everywhere.
 */
public final class GuiAccess {

    private final String userName;
    private final ServiceDirectory directory;

    private GuiAccess(String userName, ServiceDirectory directory) {
        this.userName = userName == null ? "" : userName;
        this.directory = checkNotNull(directory, "service directory must not be null");
    }

    /**
     * Returns the access of a GUI user.
     *
     * @param userName  the user logged into the GUI session
     * @param directory ONOS's services
     * @return access
     */
    public static GuiAccess of(String userName, ServiceDirectory directory) {
        return new GuiAccess(userName, directory);
    }

    /**
     * Returns the user on whose behalf this access acts.
     *
     * @return user name (empty if the session has none)
     */
    public String userName() {
        return userName;
    }

    // the GUI user as the services' caller (admin role: see the class description)
    private Caller caller() {
        return Caller.of(userName, true);
    }

    /**
     * Returns the slices the user may see.
     *
     * @return slices
     */
    public Set<Slice> slices() {
        return directory.get(TenantSliceService.class).getSlices(caller(), null);
    }

    /**
     * Returns a slice the user may see.
     *
     * @param id slice id
     * @return the slice, if any
     */
    public Optional<Slice> slice(SliceId id) {
        try {
            return Optional.of(directory.get(TenantSliceService.class).getSlice(caller(), id));
        } catch (SlicingException e) {
            if (e.kind() != SlicingException.Kind.NOT_FOUND) {
                throw e;
            }
            return Optional.empty();
        }
    }

    /**
     * Returns the traffic statistics of a slice (the slicing app's): zero while its counters were
     * not read yet, or for a slice the user may not see.
     *
     * @param id slice id
     * @return statistics
     */
    public SliceStats stats(SliceId id) {
        if (!directory.get(TenantSliceService.class).sees(caller(), id)) {
            return SliceStats.ZERO;
        }
        return directory.get(SliceStatsService.class).getStatsOrZero(id);
    }

    /**
     * Returns the capacity of every port.
     *
     * @return ports
     */
    public List<PortCapacity> portCapacities() {
        return directory.get(SliceService.class).getPortCapacities();
    }

    /**
     * Returns the capacity of every inter-switch link.
     *
     * @return links
     */
    public List<LinkCapacity> linkCapacities() {
        return directory.get(SliceService.class).getLinkCapacities();
    }

    /**
     * Returns the fairness report, if the fairness app runs.
     *
     * @return report, or empty
     */
    public Optional<FairnessReport> fairness() {
        FairnessService fairness = optional(FairnessService.class);
        if (fairness == null || fairness.getReport() == null) {
            return Optional.empty();
        }
        return Optional.of(FairnessViews.of(fairness.getReport(), directory.get(TenantService.class).scope(caller())));
    }

    /**
     * Returns the reservations the user may see.
     *
     * @return reservations
     */
    public List<Reservation> reservations() {
        return directory.get(TenantReservationService.class).getReservations(caller(), null);
    }

    /**
     * Creates a slice.
     *
     * @param request slice request
     * @return the slice
     */
    public Slice createSlice(SliceRequest request) {
        return directory.get(TenantSliceService.class).createSlice(caller(), request);
    }

    /**
     * Updates a slice.
     *
     * @param id      slice id
     * @param request its new shape
     * @return the slice
     */
    public Slice updateSlice(SliceId id, SliceRequest request) {
        return directory.get(TenantSliceService.class).updateSlice(caller(), id, request);
    }

    /**
     * Releases a slice.
     *
     * @param id slice id
     * @return the slice while its switches are being cleared, empty once it is gone
     */
    public Optional<Slice> releaseSlice(SliceId id) {
        return directory.get(TenantSliceService.class).removeSlice(caller(), id);
    }

    /**
     * Books a reservation.
     *
     * @param request reservation request
     * @return the reservation
     */
    public Reservation reserve(ReservationRequest request) {
        return directory.get(TenantReservationService.class).reserve(caller(), request);
    }

    /**
     * Cancels a reservation.
     *
     * @param id reservation id
     * @return the cancelled reservation
     */
    public Reservation cancel(ReservationId id) {
        return directory.get(TenantReservationService.class).cancel(caller(), id);
    }

    // a service of another component of the application, null while it is not active
    private <T> T optional(Class<T> type) {
        try {
            return directory.get(type);
        } catch (ServiceNotFoundException e) {
            return null;
        }
    }
}

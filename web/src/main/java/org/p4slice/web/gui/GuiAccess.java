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
import org.onosproject.ui.UiConnection;
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
 * message handlers make goes through an instance of this class, made for the caller of the
 * connection ({@link #callerOf}), and goes through the tenant-scoped services as that caller,
 * exactly as the REST API's requests do: a tenant's user sees and changes only its tenant's
 * slices and reservations (another tenant's is "not found"), the fairness panel shows its slices
 * only, and the capacity of ports and links is shown to operators and tenants' users only.
 * <p>
 * ONOS's classic GUI names the user of a websocket by the login session the socket was opened
 * with, and "unknown" when it has none (any valid GUI token authenticates such a socket): that
 * socket is anonymous here and sees and changes nothing. It gives its handlers the user's name but
 * not the user's roles; since it serves its page (and with it the socket's token) to ONOS admins
 * only, a named GUI user counts as an admin, which matters only while neither operators nor tenants
 * are configured (a fresh install: see {@code TenantService#scope}). The tenant portal's connection
 * carries the caller the web container authenticated, roles included.
 */
public final class GuiAccess {

    /** The user ONOS's GUI gives a websocket opened without a login session. */
    static final String UNKNOWN_GUI_USER = "unknown";

    private final Caller caller;
    private final ServiceDirectory directory;

    private GuiAccess(Caller caller, ServiceDirectory directory) {
        this.caller = checkNotNull(caller, "caller must not be null");
        this.directory = checkNotNull(directory, "service directory must not be null");
    }

    /**
     * Returns the access of a caller.
     *
     * @param caller    the GUI's or the portal's caller
     * @param directory ONOS's services
     * @return access
     */
    public static GuiAccess of(Caller caller, ServiceDirectory directory) {
        return new GuiAccess(caller, directory);
    }

    /**
     * Returns the caller of a connection: the portal's authenticated caller, or the user of an ONOS
     * GUI connection as an admin (see the class description), anonymous if it has no name or is
     * ONOS's "unknown".
     *
     * @param connection GUI or portal connection
     * @return caller
     */
    public static Caller callerOf(UiConnection connection) {
        if (connection instanceof PortalConnection) {
            return ((PortalConnection) connection).caller();
        }
        String user = connection.userName();
        if (user == null || user.isEmpty() || UNKNOWN_GUI_USER.equals(user)) {
            return Caller.anonymous();
        }
        return Caller.of(user, true);
    }

    /**
     * Returns the caller on whose behalf this access acts.
     *
     * @return caller
     */
    public Caller caller() {
        return caller;
    }

    /**
     * Returns the slices the user may see.
     *
     * @return slices
     */
    public Set<Slice> slices() {
        return directory.get(TenantSliceService.class).getSlices(caller, null);
    }

    /**
     * Returns a slice the user may see.
     *
     * @param id slice id
     * @return the slice, if any
     */
    public Optional<Slice> slice(SliceId id) {
        try {
            return Optional.of(directory.get(TenantSliceService.class).getSlice(caller, id));
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
        if (!directory.get(TenantSliceService.class).sees(caller, id)) {
            return SliceStats.ZERO;
        }
        return directory.get(SliceStatsService.class).getStatsOrZero(id);
    }

    /**
     * Returns the capacity of every port (none for a caller who is neither an operator nor a tenant's
     * user).
     *
     * @return ports
     */
    public List<PortCapacity> portCapacities() {
        return sharesTestbed() ? directory.get(SliceService.class).getPortCapacities() : List.of();
    }

    /**
     * Returns the capacity of every inter-switch link (none for a caller who is neither an operator
     * nor a tenant's user).
     *
     * @return links
     */
    public List<LinkCapacity> linkCapacities() {
        return sharesTestbed() ? directory.get(SliceService.class).getLinkCapacities() : List.of();
    }

    // operators and tenants' users see the testbed's ports and links; nobody else (as over REST)
    private boolean sharesTestbed() {
        return directory.get(TenantService.class).scope(caller).sharesTestbed();
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
        return Optional.of(FairnessViews.of(fairness.getReport(), directory.get(TenantService.class).scope(caller)));
    }

    /**
     * Returns the reservations the user may see.
     *
     * @return reservations
     */
    public List<Reservation> reservations() {
        return directory.get(TenantReservationService.class).getReservations(caller, null);
    }

    /**
     * Creates a slice.
     *
     * @param request slice request
     * @return the slice
     */
    public Slice createSlice(SliceRequest request) {
        return directory.get(TenantSliceService.class).createSlice(caller, request);
    }

    /**
     * Updates a slice.
     *
     * @param id      slice id
     * @param request its new shape
     * @return the slice
     */
    public Slice updateSlice(SliceId id, SliceRequest request) {
        return directory.get(TenantSliceService.class).updateSlice(caller, id, request);
    }

    /**
     * Releases a slice.
     *
     * @param id slice id
     * @return the slice while its switches are being cleared, empty once it is gone
     */
    public Optional<Slice> releaseSlice(SliceId id) {
        return directory.get(TenantSliceService.class).removeSlice(caller, id);
    }

    /**
     * Books a reservation.
     *
     * @param request reservation request
     * @return the reservation
     */
    public Reservation reserve(ReservationRequest request) {
        return directory.get(TenantReservationService.class).reserve(caller, request);
    }

    /**
     * Cancels a reservation.
     *
     * @param id reservation id
     * @return the cancelled reservation
     */
    public Reservation cancel(ReservationId id) {
        return directory.get(TenantReservationService.class).cancel(caller, id);
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

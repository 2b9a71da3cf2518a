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
package org.p4slice.testbed;

import org.p4slice.slicing.impl.admission.AdmissionManager;
import org.p4slice.slicing.impl.metrics.SlicingMetricsManager;
import org.p4slice.slicing.api.stats.SlicingMetricsService;
import org.onosproject.net.device.DeviceService;
import org.p4slice.slicing.impl.slice.SliceManager;
import org.p4slice.slicing.impl.store.DistributedReservationStore;
import org.p4slice.slicing.impl.store.DistributedSliceDeviceStore;
import org.p4slice.slicing.impl.translator.KnownHosts;
import org.p4slice.slicing.impl.translator.SlicePlan;
import java.util.function.BiFunction;
import org.p4slice.slicing.impl.store.DistributedSliceStore;
import org.p4slice.slicing.impl.tenant.TenantManager;
import org.p4slice.slicing.impl.store.DistributedTenantUserStore;
import org.p4slice.slicing.api.reservation.ReservationService;
import org.p4slice.slicing.api.SliceService;
import java.util.Collections;
import java.util.LinkedHashMap;
import org.p4slice.slicing.impl.admission.AdmissionLock;
import com.google.common.util.concurrent.MoreExecutors;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.reservation.ReservationAdminService;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceAdminService;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantService;
import org.p4slice.slicing.api.tenant.TenantUserAdminService;
import org.p4slice.slicing.api.tenant.TenantUserService;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.osgi.service.component.ComponentContext;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

import static com.google.common.base.Preconditions.checkState;

/**
 * The slicing app over ONOS's test adapters and small fakes ({@link TestbedNetwork}: devices with
 * ports and speeds, links, paths, pipeconf bindings, mastership, network configuration, and recording
 * flow rule, meter and group services under the real device programmer). The store runs on a storage
 * whose maps outlive a restart, as in a cluster.
 * <p>
 * {@link #start()} runs the slice store and manager (the slicing app's own tests); {@link #startAll()}
 * also runs the reservation manager ({@link ReservationTestbed}) and the tenant-scoped components,
 * the whole stack the REST resources, GUI, CLI commands and developer tools talk to. The components'
 * references are set as OSGi would ({@link SliceComponents}, {@link TenantComponents}).
 */
public final class SlicingTestbed extends TestbedNetwork {

    public static final TenantId ITB = TenantId.of("itb");

    public final AdmissionManager admission = new AdmissionManager();
    /** The slicing app's record of its own work (refusals, life-cycle steps). */
    public final SlicingMetricsManager metrics = new SlicingMetricsManager();
    /** The tenants of the netcfg, which admission reads the caps of. */
    public final TenantManager tenantManager = new TenantManager();
    /** The tenants' users (p4slice's own store; see {@link #addTenantUser}). */
    public final DistributedTenantUserStore tenantUserStore = new DistributedTenantUserStore();
    /** Runs the manager's device work; inline unless a test queues it. */
    public Executor executor = MoreExecutors.directExecutor();
    /** How long admission waits for the cluster-wide admission lock. */
    public Duration admissionWait = AdmissionLock.DEFAULT_WAIT;
    public final List<SliceEvent> events = new ArrayList<>();

    private final SliceListener recorder = events::add;

    public DistributedSliceStore store;
    /** The devices' outcomes. */
    public DistributedSliceDeviceStore deviceStore;
    /** The slice manager's translation, if not the real one (set before {@link #start}). */
    public BiFunction<Slice, KnownHosts, SlicePlan> translator;
    /** The reservations as admission reads them (the reservation testbed's store shares its map). */
    public DistributedReservationStore reservationStore;
    public SliceManager manager;

    private ReservationTestClock clock;
    private ReservationTestbed reservationBed;
    private TenantComponents tenancy;
    // tenants' users added before the stack runs: tenant, name, password
    private final List<String[]> pendingUsers = new ArrayList<>();

    /**
     * Creates a testbed whose device programming is also written to the {@link #programming} log.
     */
    public SlicingTestbed() {
        this(true);
    }

    /**
     * Creates a testbed.
     *
     * @param logProgramming whether device operations are written to the {@link #programming} log
     *                       (not in benchmarks: no cost per operation)
     */
    public SlicingTestbed(boolean logProgramming) {
        super(logProgramming, new SharedStorageService());
    }

    /**
     * Creates a testbed on the storage of another: a second controller instance of the same
     * cluster, with devices, netcfg and device programming of its own to set up.
     *
     * @param storage the cluster's storage (another testbed's {@link #storage})
     */
    public SlicingTestbed(SharedStorageService storage) {
        super(true, storage);
    }


    /**
     * Activates store and manager (events delivered synchronously, event work run inline).
     */
    public void start() {
        start(null);
    }

    /**
     * Activates store and manager with a component context.
     *
     * @param context component properties, or null
     */
    public void start(ComponentContext context) {
        SliceComponents.start(this, clock, recorder, context);
    }

    @Override
    protected boolean started() {
        return manager != null;
    }

    /**
     * Activates the whole stack: store and slice manager as {@link #start()} does, then the
     * reservation store and manager (on the system clock, ticking every second by itself, unless
     * {@link #useClock} was called) and the tenant-scoped components (tenants from the netcfg, audit
     * log, tenant gate).
     */
    public void startAll() {
        start();
        reservationBed = clock == null ? ReservationTestbed.onSystemTime(this)
                : new ReservationTestbed(this, clock, true);
        reservationBed.startReservations(null);
        tenancy = new TenantComponents();
        tenancy.start(this, reservationBed.manager, clock);
        pendingUsers.forEach(u -> tenancy.addUser(TenantId.of(u[0]), u[1], u[2]));
        pendingUsers.clear();
    }

    /**
     * Makes the reservation manager and the tenant components of {@link #startAll()} run on the
     * given clock, the reservation scheduler ticking only when told ({@link #tickReservations()}).
     *
     * @param testClock clock, set before {@link #startAll()}
     */
    public void useClock(ReservationTestClock testClock) {
        checkState(manager == null, "the clock is set before the testbed starts");
        this.clock = testClock;
    }

    /**
     * Runs the reservation scheduler of {@link #startAll()} once, as its tick would: releases what
     * is over and starts what is due at the clock's time.
     */
    public void tickReservations() {
        checkState(reservationBed != null && clock != null,
                   "the reservation scheduler ticks by itself without useClock");
        reservationBed.tick();
    }

    /**
     * Deactivates what runs: the tenant components and reservations of {@link #startAll()}, then
     * manager and store.
     */
    public void stop() {
        if (tenancy != null) {
            tenancy.stop();
            tenancy = null;
            reservationBed.stopReservations();
            reservationBed = null;
        }
        SliceComponents.stop(this, recorder);
    }

    /**
     * Stops and starts again on the same storage (the devices keep what they have).
     */
    public void restart() {
        stop();
        start();
    }

    /**
     * Forgets everything the recording services saw (their installed state stays).
     */
    public void clearRecords() {
        flows.operations().clear();
        meters.operations().clear();
        groups.operations().clear();
        events.clear();
        counters.values().forEach(c -> c.resets.clear());
    }

    /**
     * Returns the slice manager.
     *
     * @return the running manager
     */
    public SliceAdminService slices() {
        checkState(manager != null, "the testbed is not running");
        return manager;
    }

    /**
     * Returns the reservation manager of {@link #startAll()}.
     *
     * @return the running manager
     */
    public ReservationAdminService reservations() {
        checkState(reservationBed != null, "the whole stack is not running");
        return reservationBed.manager;
    }

    /**
     * Returns the tenants of {@link #startAll()} (netcfg {@code apps.org.p4slice.tenants}, see
     * {@link #setTenantsConfig}).
     *
     * @return tenant service
     */
    public TenantService tenants() {
        checkState(tenancy != null, "the whole stack is not running");
        return tenancy.tenants();
    }

    /**
     * Returns the tenant gate of {@link #startAll()}: the slices and reservations as callers see them.
     *
     * @return tenant gate
     */
    public TenantGateService gate() {
        checkState(tenancy != null, "the whole stack is not running");
        return tenancy.gate();
    }

    /**
     * Returns the audit log of {@link #startAll()}.
     *
     * @return audit service
     */
    public AuditService audit() {
        checkState(tenancy != null, "the whole stack is not running");
        return tenancy.audit();
    }

    /**
     * Creates a tenant's user as an operator would (p4slice's tenant-user store, password hashed),
     * without asking who may: the tests' stand-in for {@code p4slice:tenant-user-add}. Callers of
     * this user are {@code Caller.tenantUser(user)}. Before {@link #startAll()}, the user is created
     * when the stack starts.
     *
     * @param tenant   its tenant (configured or not)
     * @param user     user name
     * @param password password
     */
    public void addTenantUser(TenantId tenant, String user, String password) {
        if (tenancy == null) {
            pendingUsers.add(new String[] {tenant.id(), user, password});
            return;
        }
        tenancy.addUser(tenant, user, password);
    }

    /**
     * Returns the services the northbound (REST, CLI, GUI) looks up, by interface, as ONOS offers
     * them once the app runs ({@link #startAll()}): slices, reservations, tenants, tenant gate,
     * audit.
     *
     * @return interface to service, in a fixed order
     */
    public Map<Class<?>, Object> northboundServices() {
        Map<Class<?>, Object> services = new LinkedHashMap<>();
        services.put(SliceService.class, slices());
        services.put(SliceAdminService.class, slices());
        services.put(ReservationService.class, reservations());
        services.put(ReservationAdminService.class, reservations());
        services.put(TenantService.class, tenants());
        services.put(TenantGateService.class, gate());
        services.put(AuditService.class, audit());
        services.put(SlicingMetricsService.class, metrics);
        services.put(DeviceService.class, devices);
        services.put(TenantUserService.class, tenancy.users());
        services.put(TenantUserAdminService.class, tenancy.users());
        return Collections.unmodifiableMap(services);
    }

    /**
     * Returns a request of tenant itb with a 10 Mbps quota and the given endpoints.
     *
     * @param name      slice name
     * @param endpoints endpoints
     * @return builder
     */
    public static SliceRequest.Builder request(String name, Endpoint... endpoints) {
        return SliceRequest.builder().name(name).tenant(ITB).quotaBps(10_000_000L)
                .endpoints(List.of(endpoints));
    }
}

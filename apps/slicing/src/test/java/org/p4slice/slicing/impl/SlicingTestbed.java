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
package org.p4slice.slicing.impl;

import org.p4slice.slicing.api.ReservationService;
import org.p4slice.slicing.api.SliceService;
import java.util.Collections;
import java.util.LinkedHashMap;
import org.p4slice.slicing.impl.admission.AdmissionLock;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableMap;
import com.google.common.util.concurrent.MoreExecutors;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.p4slice.pipeconf.P4SlicePipeconfs;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.api.AuditService;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.ReservationAdminService;
import org.p4slice.slicing.api.SliceAdminService;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.config.OperatorsConfig;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.api.TenantConfig;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.TenantReservationService;
import org.p4slice.slicing.api.TenantService;
import org.p4slice.slicing.api.TenantSliceService;
import org.osgi.service.component.ComponentContext;
import org.p4slice.slicing.testing.FakeDeviceService;
import org.p4slice.slicing.testing.FakeLinkService;
import org.p4slice.slicing.testing.FakePathService;
import org.p4slice.slicing.testing.FakePipeconfService;
import org.p4slice.slicing.testing.ProgrammingLog;
import org.p4slice.slicing.testing.RecordingFlowRuleService;
import org.p4slice.slicing.testing.RecordingGroupService;
import org.p4slice.slicing.testing.FakeHostService;
import org.p4slice.slicing.testing.RecordingMeterCells;
import org.p4slice.slicing.testing.ReservationTestClock;
import org.p4slice.slicing.testing.SharedStorageService;
import org.p4slice.slicing.testing.SyncEventDispatcher;
import org.p4slice.slicing.testing.FakeMastershipService;
import org.p4slice.slicing.testing.FakeNetworkConfigRegistry;
import org.p4slice.slicing.testing.FakeSliceCounters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

import static com.google.common.base.Preconditions.checkState;
import static org.onosproject.net.NetTestTools.injectEventDispatcher;

/**
 * The slicing app over ONOS's test adapters and small fakes: devices with ports and speeds,
 * links, paths, pipeconf bindings, mastership, network configuration, and recording flow rule,
 * meter and group services under the real device programmer. The store runs on a storage whose
 * maps outlive a restart, as in a cluster.
 * <p>
 * {@link #start()} runs the slice store and manager (the slicing app's own tests); {@link #startAll()}
 * also runs the reservation manager ({@link ReservationTestbed}) and the tenant-scoped components,
 * the whole stack the REST resources, GUI, CLI commands and developer tools talk to. The testbed is
 * in the slicing module's test jar for them; it lives in this package to set the components'
 * references as OSGi would.
 */
public final class SlicingTestbed {

    public static final ApplicationId APP_ID = new DefaultApplicationId(7, SliceManager.APP_NAME);
    public static final TenantId ITB = TenantId.of("itb");

    private static final long BPS_PER_MBPS = 1_000_000L;

    public final FakeDeviceService devices = new FakeDeviceService();
    public final FakeLinkService links = new FakeLinkService();
    public final FakePathService paths = new FakePathService(links);
    public final FakePipeconfService pipeconfs = new FakePipeconfService();
    public final FakeMastershipService mastership = new FakeMastershipService();
    /** Every device operation, as one line each (null if the testbed was made without it). */
    public final ProgrammingLog programming;
    public final RecordingFlowRuleService flows;
    public final RecordingMeterCells meters;
    public final FakeHostService hosts = new FakeHostService();
    public final AdmissionManager admission = new AdmissionManager();
    public final RecordingGroupService groups;
    public final FakeNetworkConfigRegistry netcfg = new FakeNetworkConfigRegistry();
    public final SharedStorageService storage = new SharedStorageService();
    /** Runs the manager's device work; inline unless a test queues it. */
    public Executor executor = MoreExecutors.directExecutor();
    /** How long the slice manager waits for the cluster-wide admission lock. */
    public Duration admissionWait = AdmissionLock.DEFAULT_WAIT;
    public final Map<DeviceId, FakeSliceCounters> counters = new HashMap<>();
    public final List<SliceEvent> events = new ArrayList<>();

    private final SliceListener recorder = events::add;

    public DistributedSliceStore store;
    public SliceManager manager;

    private ObjectNode slicingJson;
    private ReservationTestClock clock;
    private ReservationTestbed reservationBed;
    private TenantComponents tenancy;

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
        programming = logProgramming ? new ProgrammingLog() : null;
        flows = new RecordingFlowRuleService(programming);
        meters = new RecordingMeterCells(programming);
        groups = new RecordingGroupService(programming);
    }

    /**
     * Adds an available switch running the p4slice pipeconf, with ports 1..n.
     *
     * @param name      e.g. {@code "s1"}
     * @param ports     number of ports
     * @param speedMbps port speed in Mbps
     * @return device id {@code device:bmv2:<name>}
     */
    public DeviceId addSwitch(String name, int ports, long speedMbps) {
        return addSwitch(name, ports, speedMbps, P4SlicePipeconfs.BMV2_PIPECONF_ID);
    }

    /**
     * Adds an available switch with the given pipeconf (none if null).
     *
     * @param name      e.g. {@code "s1"}
     * @param ports     number of ports
     * @param speedMbps port speed in Mbps
     * @param pipeconf  pipeconf id, or null
     * @return device id
     */
    public DeviceId addSwitch(String name, int ports, long speedMbps, PiPipeconfId pipeconf) {
        FakeSliceCounters c = new FakeSliceCounters();
        Map<Class<?>, Behaviour> behaviours = ImmutableMap.of(SliceCounters.class, c);
        DeviceId id = devices.addDevice("device:bmv2:" + name, ports, speedMbps, behaviours);
        counters.put(id, c);
        if (pipeconf != null) {
            pipeconfs.bind(id, pipeconf);
        }
        return id;
    }

    /**
     * Adds an available switch without ports running the p4slice pipeconf.
     *
     * @param id device id, e.g. {@code device:bmv2:s1}
     * @return device id
     */
    public DeviceId addSwitch(String id) {
        return addSwitch(id, P4SlicePipeconfs.BMV2_PIPECONF_ID);
    }

    /**
     * Adds an available switch without ports running the given pipeconf (none if null).
     *
     * @param id       device id
     * @param pipeconf pipeconf id, or null
     * @return device id
     */
    public DeviceId addSwitch(String id, PiPipeconfId pipeconf) {
        return addSwitch(id, pipeconf, Map.of());
    }

    /**
     * Adds an available switch without ports running the given pipeconf (none if null), answering
     * to the given behaviours (as a driver would give them, e.g. the pipeconf's per-slice counters).
     *
     * @param id         device id
     * @param pipeconf   pipeconf id, or null
     * @param behaviours behaviours of the device
     * @return device id
     */
    public DeviceId addSwitch(String id, PiPipeconfId pipeconf, Map<Class<?>, Behaviour> behaviours) {
        DeviceId d = DeviceId.deviceId(id);
        devices.addDevice(d, behaviours);
        if (pipeconf != null) {
            pipeconfs.bind(d, pipeconf);
        }
        return d;
    }

    /**
     * Adds a port. ONOS reports speeds in Mbps; a speed that is not a whole number of Mbps is
     * given to the app exactly through the {@code capacityOverrides} of its configuration.
     *
     * @param device   device
     * @param port     port number
     * @param speedBps speed in bits per second
     * @return the port
     */
    public ConnectPoint addPort(DeviceId device, long port, long speedBps) {
        checkState(manager == null, "ports are added before the testbed starts");
        devices.addPort(device, port, speedBps / BPS_PER_MBPS);
        ConnectPoint c = cp(device, port);
        if (speedBps % BPS_PER_MBPS != 0) {
            slicingJson().with(SlicingConfig.CAPACITY_OVERRIDES).put(c.toString(), speedBps);
        }
        return c;
    }

    /**
     * Joins two ports with a full-duplex link.
     *
     * @param a one end
     * @param b other end
     * @return the a-to-b direction
     */
    public Link connect(ConnectPoint a, ConnectPoint b) {
        return links.addLink(a, b);
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
        store = new DistributedSliceStore();
        store.storageService = storage;
        store.activate();
        manager = new SliceManager();
        manager.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return APP_ID;
            }

            @Override
            public ApplicationId getAppId(String name) {
                return SliceManager.APP_NAME.equals(name) ? APP_ID : null;
            }
        };
        manager.store = store;
        manager.storageService = storage;
        manager.admissionWait = admissionWait;
        manager.deviceService = devices;
        admission.deviceService = devices;
        admission.linkService = links;
        admission.pathService = paths;
        admission.pipeconfService = pipeconfs;
        admission.activate();
        manager.mastershipService = mastership;
        manager.cfgService = new ComponentConfigAdapter();
        manager.cfgRegistry = netcfg;
        manager.flowRuleService = flows;
        manager.meterCells = meters;
        manager.admission = admission;
        manager.groupService = groups;
        manager.hostService = hosts;
        manager.executor = executor;
        injectEventDispatcher(manager, new SyncEventDispatcher());
        manager.addListener(recorder);
        manager.activate(context);
    }

    /**
     * Activates the whole stack: store and slice manager as {@link #start()} does, then the
     * reservation store and manager (on the system clock, ticking every second by itself, unless
     * {@link #useClock} was called) and the tenant-scoped components (tenants from the netcfg, audit
     * log, tenant-scoped slice and reservation services).
     */
    public void startAll() {
        start();
        reservationBed = clock == null ? ReservationTestbed.onSystemTime(this)
                : new ReservationTestbed(this, clock, true);
        reservationBed.startReservations(null);
        tenancy = new TenantComponents();
        tenancy.start(this, reservationBed.manager, clock);
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
        manager.removeListener(recorder);
        manager.deactivate();
        store.deactivate();
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
     * Returns the slices as callers see them ({@link #startAll()}).
     *
     * @return tenant-scoped slice service
     */
    public TenantSliceService tenantSlices() {
        checkState(tenancy != null, "the whole stack is not running");
        return tenancy.slices();
    }

    /**
     * Returns the reservations as callers see them ({@link #startAll()}).
     *
     * @return tenant-scoped reservation service
     */
    public TenantReservationService tenantReservations() {
        checkState(tenancy != null, "the whole stack is not running");
        return tenancy.reservations();
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
     * Returns the services the northbound (REST, CLI, GUI) looks up, by interface, as ONOS offers
     * them once the app runs ({@link #startAll()}): slices, reservations, tenants, tenant-scoped
     * slices and reservations, audit.
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
        services.put(TenantSliceService.class, tenantSlices());
        services.put(TenantReservationService.class, tenantReservations());
        services.put(AuditService.class, audit());
        return Collections.unmodifiableMap(services);
    }

    /**
     * Returns the {@code p4slice} network configuration as a JSON object that stays applied: what a
     * test puts in it before {@link #start()} is the configuration the manager starts with.
     *
     * @return configuration object (created empty and applied on first use)
     */
    public ObjectNode slicingJson() {
        if (slicingJson == null) {
            slicingJson = new ObjectMapper().createObjectNode();
            netcfg.applyConfig(APP_ID, SlicingConfig.class, slicingJson);
        }
        return slicingJson;
    }

    /**
     * Sets the tenants block (netcfg {@code apps.org.p4slice.tenants}), or none if null.
     *
     * @param json {"&lt;tenant id&gt;": {"name", "users", "maxSlices", ...}, ...}
     */
    public void setTenantsConfig(ObjectNode json) {
        if (json == null) {
            netcfg.removeConfig(APP_ID, TenantConfig.class);
        } else {
            netcfg.applyConfig(APP_ID, TenantConfig.class, json);
        }
    }

    /**
     * Sets the operators block (netcfg {@code apps.org.p4slice.operators}), or none if null.
     *
     * @param json {"users": ["&lt;user&gt;", ...]}
     */
    public void setOperatorsConfig(ObjectNode json) {
        if (json == null) {
            netcfg.removeConfig(APP_ID, OperatorsConfig.class);
        } else {
            netcfg.applyConfig(APP_ID, OperatorsConfig.class, json);
        }
    }

    /**
     * Applies a p4slice network configuration given as JSON text (single quotes allowed).
     *
     * @param json configuration
     * @return the config object
     */
    public SlicingConfig configure(String json) {
        return netcfg.applyConfig(APP_ID, SlicingConfig.class, json(json));
    }

    /**
     * Parses JSON text written with single quotes.
     *
     * @param text JSON with ' for "
     * @return tree
     */
    public static JsonNode json(String text) {
        try {
            return new ObjectMapper().readTree(text.replace('\'', '"'));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Returns a connect point.
     *
     * @param device device
     * @param port   port number
     * @return connect point
     */
    public static ConnectPoint cp(DeviceId device, long port) {
        return new ConnectPoint(device, PortNumber.portNumber(port));
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

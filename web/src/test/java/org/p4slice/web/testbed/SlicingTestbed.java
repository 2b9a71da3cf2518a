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
package org.p4slice.web.testbed;

import com.google.common.util.concurrent.MoreExecutors;
import org.onlab.junit.TestUtils;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.PortNumber;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.intent.WorkPartitionServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.store.service.StorageService;
import org.p4slice.pipeconf.P4SlicePipeconfs;
import org.p4slice.slicing.api.AuditService;
import org.p4slice.slicing.api.ReservationAdminService;
import org.p4slice.slicing.api.SliceAdminService;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.api.TenantReservationService;
import org.p4slice.slicing.api.TenantService;
import org.p4slice.slicing.api.TenantSliceService;
import org.p4slice.slicing.impl.DistributedReservationStore;
import org.p4slice.slicing.impl.DistributedSliceStore;
import org.p4slice.slicing.impl.AdmissionManager;
import org.p4slice.slicing.impl.ReservationManager;
import org.p4slice.slicing.impl.SliceManager;
import org.p4slice.slicing.testing.FakeDeviceService;
import org.p4slice.slicing.testing.FakeLinkService;
import org.p4slice.slicing.testing.FakePathService;
import org.p4slice.slicing.testing.FakePipeconfService;
import org.p4slice.slicing.testing.ProgrammingLog;
import org.p4slice.slicing.testing.RecordingFlowRuleService;
import org.p4slice.slicing.testing.RecordingGroupService;
import org.p4slice.slicing.testing.FakeHostService;
import org.p4slice.slicing.testing.RecordingMeterCells;
import org.p4slice.slicing.testing.SharedStorageService;
import org.p4slice.slicing.testing.SyncEventDispatcher;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import static com.google.common.base.Preconditions.checkState;

/**
 * The real slice manager and store of the slicing app, wired to ONOS's test adapters: devices,
 * ports, links, paths and pipeconf bindings set up by the caller, a test storage service, and
 * device programming recorded (and logged) by {@link RecordingFlowRuleService},
 * {@link RecordingMeterCells} and {@link RecordingGroupService}.
 */
public final class SlicingTestbed {

    /** The application id the slicing app registers. */
    public static final ApplicationId APP_ID = new DefaultApplicationId(77, SlicingConfig.APP_NAME);

    private static final long BPS_PER_MBPS = 1_000_000L;

    private final FakeDeviceService devices = new FakeDeviceService();
    private final FakeLinkService links = new FakeLinkService();
    private final FakePathService paths = new FakePathService(links);
    private final FakePipeconfService pipeconfs = new FakePipeconfService();
    private final TestbedNetworkConfig netcfg = new TestbedNetworkConfig();
    private final ProgrammingLog programming = new ProgrammingLog();
    private final RecordingFlowRuleService flows = new RecordingFlowRuleService(programming);
    private final RecordingMeterCells meters = new RecordingMeterCells(programming);
    private final Admission admission = new Admission();
    private final FakeHostService hosts = new FakeHostService();
    private final RecordingGroupService groups = new RecordingGroupService(programming);

    private Store store;
    private Manager manager;
    private ReservationStore reservationStore;
    private Reservations reservations;
    private TenantComponents tenancy;
    private Clock clock;

    /**
     * Adds an available bmv2 switch running the p4slice pipeconf.
     *
     * @param id device id, e.g. {@code device:bmv2:s1}
     * @return device id
     */
    public DeviceId addSwitch(String id) {
        return addSwitch(id, P4SlicePipeconfs.BMV2_PIPECONF_ID);
    }

    /**
     * Adds an available switch running the given pipeconf (none if null).
     *
     * @param id       device id
     * @param pipeconf pipeconf id, or null
     * @return device id
     */
    public DeviceId addSwitch(String id, PiPipeconfId pipeconf) {
        return addSwitch(id, pipeconf, Map.of());
    }

    /**
     * Adds an available switch running the given pipeconf (none if null), answering to the given
     * behaviours (as a driver would give them, e.g. the pipeconf's per-slice counters).
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
        ConnectPoint cp = new ConnectPoint(device, PortNumber.portNumber(port));
        if (speedBps % BPS_PER_MBPS != 0) {
            netcfg.slicingJson().with(SlicingConfig.CAPACITY_OVERRIDES).put(cp.toString(), speedBps);
        }
        return cp;
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
     * Returns the network configuration (to set before {@link #start()}).
     *
     * @return network configuration
     */
    public TestbedNetworkConfig netcfg() {
        return netcfg;
    }

    /**
     * Activates the store and the slice manager.
     */
    public void start() {
        checkState(manager == null, "the testbed is running");
        store = new Store();
        store.start();
        manager = new Manager();
        manager.start(this);
        reservationStore = new ReservationStore();
        reservationStore.start(store.storage());
        reservations = new Reservations();
        reservations.start(this);
        tenancy = new TenantComponents();
        tenancy.start(netcfg, store.storage(), manager, reservations, clock);
    }

    /**
     * Deactivates the slice manager and the store.
     */
    public void stop() {
        if (manager != null) {
            tenancy.stop();
            tenancy = null;
            reservations.stop();
            reservationStore.stop();
            reservations = null;
            reservationStore = null;
            manager.stop();
            store.stop();
            manager = null;
            store = null;
        }
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
     * Makes the reservation manager run on the given clock, its scheduler only ticking when told
     * ({@link #tickReservations()}); without it, the system clock and a tick every second.
     *
     * @param testClock clock, set before {@link #start()}
     */
    public void useClock(Clock testClock) {
        checkState(manager == null, "the clock is set before the testbed starts");
        this.clock = testClock;
    }

    /**
     * Returns the reservation manager.
     *
     * @return the running manager
     */
    public ReservationAdminService reservations() {
        checkState(reservations != null, "the testbed is not running");
        return reservations;
    }

    /**
     * Returns the tenants (netcfg {@code apps.org.p4slice.tenants}, see {@link TestbedNetworkConfig}).
     *
     * @return tenant service
     */
    public TenantService tenants() {
        checkState(tenancy != null, "the testbed is not running");
        return tenancy.tenants();
    }

    /**
     * Returns the slices as callers see them.
     *
     * @return tenant-scoped slice service
     */
    public TenantSliceService tenantSlices() {
        checkState(tenancy != null, "the testbed is not running");
        return tenancy.slices();
    }

    /**
     * Returns the reservations as callers see them.
     *
     * @return tenant-scoped reservation service
     */
    public TenantReservationService tenantReservations() {
        checkState(tenancy != null, "the testbed is not running");
        return tenancy.reservations();
    }

    /**
     * Returns the audit log.
     *
     * @return audit service
     */
    public AuditService audit() {
        checkState(tenancy != null, "the testbed is not running");
        return tenancy.audit();
    }

    /**
     * Runs the reservation scheduler once, as its tick would: releases what is over and starts
     * what is due at the clock's time.
     */
    public void tickReservations() {
        checkState(reservations != null && reservations.manual != null,
                   "the reservation scheduler ticks by itself without useClock");
        reservations.manual.tick();
    }

    /**
     * Returns the device programming recorded so far.
     *
     * @return log
     */
    public ProgrammingLog programming() {
        return programming;
    }

    /**
     * Returns the recording flow rule service.
     *
     * @return flow rules
     */
    public RecordingFlowRuleService flows() {
        return flows;
    }

    /**
     * Returns the recording meter cells.
     *
     * @return meters
     */
    public RecordingMeterCells meters() {
        return meters;
    }

    /**
     * Returns the recording group service.
     *
     * @return groups
     */
    public RecordingGroupService groups() {
        return groups;
    }

    /**
     * Returns the hosts ONOS knows (place them before {@link #start()} or while it runs: the slice
     * manager writes their unicast entries, as it does from ONOS's host service).
     *
     * @return host service
     */
    public FakeHostService hosts() {
        return hosts;
    }

    /**
     * Returns the devices.
     *
     * @return device service
     */
    public FakeDeviceService devices() {
        return devices;
    }

    /**
     * Returns the links.
     *
     * @return link service
     */
    public FakeLinkService links() {
        return links;
    }

    // the store, activated on a test storage service
    private static final class Store extends DistributedSliceStore {
        void start() {
            // one storage for the stores and the admission lock, as a cluster's
            storageService = new SharedStorageService();
            activate();
        }

        StorageService storage() {
            return storageService;
        }

        void stop() {
            deactivate();
        }
    }

    // the manager, its references set as OSGi would
    private static final class Manager extends SliceManager {

        void start(SlicingTestbed tb) {
            coreService = new CoreServiceAdapter() {
                @Override
                public ApplicationId registerApplication(String name) {
                    return APP_ID;
                }

                @Override
                public ApplicationId getAppId(String name) {
                    return SlicingConfig.APP_NAME.equals(name) ? APP_ID : null;
                }
            };
            store = tb.store;
            storageService = tb.store.storage();
            deviceService = tb.devices;
            linkService = tb.links;
            mastershipService = new MastershipServiceAdapter() {
                @Override
                public MastershipRole getLocalRole(DeviceId deviceId) {
                    return MastershipRole.MASTER;
                }
            };
            cfgService = new ComponentConfigAdapter();
            cfgRegistry = tb.netcfg;
            flowRuleService = tb.flows;
            groupService = tb.groups;
            hostService = tb.hosts;
            admission = tb.admission.start(tb);
            eventDispatcher = new SyncEventDispatcher();
            // event-driven work (restoring the stored slices after activation, netcfg and device
            // events) runs inline, so that it never races with the requests of a test
            try {
                TestUtils.setField(this, "executor", MoreExecutors.directExecutor());
                TestUtils.setField(this, "meterCells", tb.meters);
            } catch (TestUtils.TestUtilsException e) {
                throw new IllegalStateException("the slice manager has no executor field", e);
            }
            activate(null);
        }

        void stop() {
            deactivate();
        }
    }

    // the admission decision the two managers share, its references set as OSGi would
    private static final class Admission extends AdmissionManager {
        Admission start(SlicingTestbed tb) {
            deviceService = tb.devices;
            linkService = tb.links;
            pathService = tb.paths;
            pipeconfService = tb.pipeconfs;
            activate();
            return this;
        }
    }

    // the reservation store, on the slice store's storage
    private static final class ReservationStore extends DistributedReservationStore {
        void start(StorageService storage) {
            storageService = storage;
            activate();
        }

        StorageService storage() {
            return storageService;
        }

        void stop() {
            deactivate();
        }
    }

    // the reservation manager, its references set as OSGi would; with a test clock its
    // scheduler ticks only when the test says so
    private static final class Reservations extends ReservationManager {
        private ManualTicks manual;

        void start(SlicingTestbed tb) {
            store = tb.reservationStore;
            sliceService = tb.manager;
            admission = tb.admission;
            cfgService = new ComponentConfigAdapter();
            workPartitionService = new WorkPartitionServiceAdapter();
            storageService = tb.reservationStore.storage();
            eventDispatcher = new SyncEventDispatcher();
            try {
                if (tb.clock != null) {
                    TestUtils.setField(this, "clock", tb.clock);
                    manual = new ManualTicks();
                    TestUtils.setField(this, "executor", manual);
                }
            } catch (TestUtils.TestUtilsException e) {
                throw new IllegalStateException("the reservation manager has no clock or executor field", e);
            }
            activate(null);
        }

        void stop() {
            deactivate();
            if (manual != null) {
                manual.shutdownNow();
            }
        }
    }

    // periodic ticks come when the test says so; a tick asked for at once runs at once
    private static final class ManualTicks extends ScheduledThreadPoolExecutor {
        private volatile Runnable periodic;

        ManualTicks() {
            super(1);
        }

        void tick() {
            periodic.run();
        }

        @Override
        public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay,
                                                         TimeUnit unit) {
            periodic = command;
            return schedule(() -> { }, 0, unit);
        }

        @Override
        public void execute(Runnable command) {
            command.run();
        }
    }
}

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
package org.p4slice.slicing.impl.slice;

import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.impl.store.DistributedSliceStore;
import org.p4slice.slicing.impl.admission.AdmissionManager;
import org.p4slice.slicing.impl.admission.BookingStarts;
import org.p4slice.slicing.impl.store.EnforcedRates;
import com.google.common.collect.ImmutableSet;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.DriverService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.host.HostService;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceAdminService;
import org.p4slice.slicing.api.SliceDeviceStore;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.SliceStore;
import org.p4slice.slicing.api.SliceStoreDelegate;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.impl.metrics.SlicingMetricsManager;
import org.p4slice.slicing.impl.programming.DeviceBehaviours;
import org.p4slice.slicing.impl.programming.DeviceMeterCellAccess;
import org.p4slice.slicing.impl.programming.DeviceMulticastGroupAccess;
import org.p4slice.slicing.impl.programming.DeviceWriter;
import org.p4slice.slicing.impl.programming.MeterCellAccess;
import org.p4slice.slicing.impl.programming.MulticastGroupAccess;
import org.p4slice.slicing.impl.translator.KnownHosts;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.p4slice.slicing.impl.translator.SliceTranslator;
import org.slf4j.Logger;

import java.time.Clock;
import java.util.Collection;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Consumer;

import static java.util.stream.Collectors.toList;
import static org.p4slice.slicing.config.ComponentProperties.positive;
import static org.p4slice.slicing.impl.slice.OsgiPropertyConstants.MAX_HOSTS_PER_ACCESS_PORT;
import static org.p4slice.slicing.impl.slice.OsgiPropertyConstants.MAX_HOSTS_PER_ACCESS_PORT_DEFAULT;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The slicing app's services: queries, and create / update / remove of slices (through the
 * {@link SliceProvisioner}, which has them admitted by the {@link AdmissionManager}) and, through
 * the {@link SliceConfigurator}, the {@code p4slice} network configuration's declared slices, the restoration of
 * the stored slices after activation and the reprogramming of devices that (re)connect.
 * Slice events come from the store, so every instance sees every change.
 */
@Component(immediate = true, service = {SliceService.class, SliceAdminService.class, BookingStarts.class},
        property = {
                MAX_HOSTS_PER_ACCESS_PORT + ":Integer=" + MAX_HOSTS_PER_ACCESS_PORT_DEFAULT,
        })
public class SliceManager extends AbstractListenerManager<SliceEvent, SliceListener>
        implements SliceAdminService, BookingStarts {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    /** The admission decision, shared with the reservation manager. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected AdmissionManager admission;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceStore store;

    /** The devices' outcomes. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceDeviceStore deviceStore;

    /** Where the life cycle reports its steps. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SlicingMetricsManager metrics;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DriverService driverService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigRegistry cfgRegistry;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    // ONOS's cfgdef generator takes the property's description from the javadoc of its field.

    /** Most hosts per access port whose unicast entries a slice installs; further hosts flood in the slice. */
    private volatile int maxHostsPerAccessPort = MAX_HOSTS_PER_ACCESS_PORT_DEFAULT;

    private HostFacts hostFacts;

    /** Runs the device work and event handling; tests may set it before activation (e.g. a direct executor). */
    Executor executor;
    private SliceWorkers workers;

    /** The slices' meter cells; tests may set it before activation. */
    MeterCellAccess meterCells;

    /** The translation; tests may set it before activation (e.g. one that counts its calls). */
    BiFunction<Slice, KnownHosts, SlicePlan> translator;

    /** The slices' multicast groups; tests may set it before activation. */
    MulticastGroupAccess multicastGroups;

    private EnforcedRates meterRates;

    private SliceProvisioner provisioner;
    private SliceLifecycle lifecycle;
    private SliceConfigurator configurator;

    // every instance sees every change of the store: its life cycle writes its devices, then listeners hear of it
    private final SliceStoreDelegate delegate = event -> {
        post(event);
        lifecycle.storeChanged(event);
    };

    private final Consumer<SliceId> outcomeListener = id -> lifecycle.outcomeChanged(id);

    @Activate
    protected void activate(ComponentContext context) {
        ApplicationId appId = coreService.registerApplication(SlicingConfig.APP_NAME);
        cfgService.registerProperties(getClass());
        modified(context);
        meterRates = new EnforcedRates(storageService);
        if (executor == null) {
            workers = new SliceWorkers(log);
            executor = workers.executor();
        }
        DeviceBehaviours behaviours = new DeviceBehaviours(deviceService, driverService);
        meterCells = meterCells != null ? meterCells
                : new DeviceMeterCellAccess(deviceService, behaviours, mastershipService);
        multicastGroups = multicastGroups != null ? multicastGroups : new DeviceMulticastGroupAccess(behaviours);
        hostFacts = new HostFacts(hostService, () -> maxHostsPerAccessPort);
        SlicePlanner planner = new SlicePlanner(translator != null ? translator : new SliceTranslator()::translate,
                                                meterRates::of, hostFacts);
        DeviceWriter writer = new DeviceWriter(appId, flowRuleService, meterCells, multicastGroups, behaviours,
                                               mastershipService);
        lifecycle = new SliceLifecycle(store, planner, writer, deviceService,
                                       new Outcomes(deviceStore, Clock.systemUTC()), mastershipService,
                                       new SliceWork(executor, metrics.steps()));
        deviceStore.addListener(outcomeListener);
        provisioner = new SliceProvisioner(store, admission, planner, writer, mastershipService, lifecycle,
                                           meterRates, new MeterCellAudit(store, planner, meterCells));
        meterRates.addListener(id -> executor.execute(() -> provisioner.writeEnforcedRate(id)));
        provisioner.clearEnforcedRates();
        executor.execute(provisioner::freeOrphanClaims);
        eventDispatcher.addSink(SliceEvent.class, listenerRegistry);
        store.setDelegate(delegate);
        configurator = new SliceConfigurator(provisioner, appId, cfgRegistry, deviceService,
                                             mastershipService, hostService, executor);
        configurator.start();
        if (workers != null) {
            workers.tick(this::reconcileNow);
        }
        log.info("Started with {} slices", store.getSlices().size());
    }

    /** The periodic safety net, every {@value SliceWorkers#RECONCILE_PERIOD_SECONDS} s (see the provisioner). */
    void reconcileNow() {
        provisioner.reconcileAll();
    }

    /**
     * Reads the component configuration; an invalid value is logged and ignored. A new cap applies
     * from each slice's next programming (a host event, a reconcile, an update).
     *
     * @param context component context, or null for the defaults
     */
    @Modified
    protected void modified(ComponentContext context) {
        Dictionary<?, ?> properties = context == null ? null : context.getProperties();
        maxHostsPerAccessPort = positive(log, properties, MAX_HOSTS_PER_ACCESS_PORT, maxHostsPerAccessPort,
                                         MAX_HOSTS_PER_ACCESS_PORT_DEFAULT);
        log.info("Component {}={}", MAX_HOSTS_PER_ACCESS_PORT, maxHostsPerAccessPort);
    }

    /**
     * Returns how many hosts were seen beyond the cap of their access port since activation.
     *
     * @return hosts over the cap
     */
    long hostsOverCap() {
        return hostFacts.hostsOverCap();
    }

    @Deactivate
    protected void deactivate() {
        cfgService.unregisterProperties(getClass(), false);
        if (workers != null) {
            workers.stopTicks();
        }
        configurator.stop();
        store.unsetDelegate(delegate);
        deviceStore.removeListener(outcomeListener);
        meterRates.close();
        eventDispatcher.removeSink(SliceEvent.class);
        if (workers != null) {
            workers.stop();
            workers = null;
            executor = null;
        }
        log.info("Stopped");
    }

    @Override
    public Set<Slice> getSlices() {
        return sorted(store.getSlices());
    }

    @Override
    public Set<Slice> getSlices(TenantId tenant) {
        return sorted(store.getSlices().stream().filter(s -> s.tenant().equals(tenant)).collect(toList()));
    }

    private static Set<Slice> sorted(Collection<Slice> slices) {
        return slices.stream().sorted(Comparator.comparing(Slice::id)).collect(ImmutableSet.toImmutableSet());
    }

    @Override
    public Optional<Slice> getSlice(SliceId id) {
        return store.getSlice(id);
    }

    @Override
    public Map<DeviceId, DeviceOutcome> getDeviceOutcomes(SliceId id) {
        checkNotNull(id, "slice id must not be null");
        Set<DeviceId> candidates = new HashSet<>();
        store.getSlice(id).ifPresent(slice -> candidates.addAll(slice.devices()));
        deviceService.getDevices().forEach(device -> candidates.add(device.id()));
        return deviceStore.getOutcomes(id, candidates);
    }

    @Override
    public OptionalLong getMeterRate(SliceId id) {
        return store.getSlice(id).map(meterRates::of).orElse(OptionalLong.empty());
    }

    @Override
    public List<PortCapacity> getPortCapacities() {
        return admission.portCapacities(DistributedSliceStore.allocationsOf(store));
    }

    @Override
    public List<LinkCapacity> getLinkCapacities() {
        return admission.linkCapacities(DistributedSliceStore.allocationsOf(store));
    }

    @Override
    public double guardBand() {
        return admission.settings().guardBand();
    }

    @Override
    public Slice createSlice(SliceRequest request) {
        return provisioner.create(request);
    }

    @Override
    public Slice createBookedSlice(ReservationId booking, SliceRequest request) {
        return provisioner.create(request, checkNotNull(booking, "booking must not be null"));
    }

    @Override
    public Slice updateSlice(SliceId id, SliceRequest request) {
        return provisioner.update(id, request);
    }

    @Override
    public Slice updateSlice(SliceId id, SliceRequest request, TenantId owner) {
        return provisioner.update(id, request, checkNotNull(owner, "owner must not be null"));
    }

    @Override
    public void removeSlice(SliceId id) {
        provisioner.remove(id);
    }

    @Override
    public void removeSlice(SliceId id, TenantId owner) {
        provisioner.remove(id, owner);
    }

    @Override
    public void setMeterRate(SliceId id, long rateBps) {
        provisioner.setMeterRate(id, rateBps);
    }
}

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

import org.p4slice.slicing.impl.admission.AdmissionLock;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.api.TenantId;
import org.osgi.service.component.ComponentContext;
import org.p4slice.slicing.testing.FakeDeviceService;
import org.p4slice.slicing.testing.FakeLinkService;
import org.p4slice.slicing.testing.FakePathService;
import org.p4slice.slicing.testing.FakePipeconfService;
import org.p4slice.slicing.testing.RecordingFlowRuleService;
import org.p4slice.slicing.testing.RecordingGroupService;
import org.p4slice.slicing.testing.FakeHostService;
import org.p4slice.slicing.testing.RecordingMeterCells;
import org.p4slice.slicing.testing.SharedStorageService;
import org.p4slice.slicing.testing.SyncEventDispatcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

import static org.onosproject.net.NetTestTools.injectEventDispatcher;

/**
 * The slicing app over ONOS's test adapters and small fakes: devices with ports and speeds,
 * links, paths, pipeconf bindings, mastership, network configuration, and recording flow rule,
 * meter and group services under the real device programmer. The store runs on a storage whose
 * maps outlive a restart, as in a cluster.
 */
public final class SlicingTestbed {

    public static final ApplicationId APP_ID = new DefaultApplicationId(7, SliceManager.APP_NAME);
    public static final TenantId ITB = TenantId.of("itb");

    public final FakeDeviceService devices = new FakeDeviceService();
    public final FakeLinkService links = new FakeLinkService();
    public final FakePathService paths = new FakePathService(links);
    public final FakePipeconfService pipeconfs = new FakePipeconfService();
    public final FakeMastershipService mastership = new FakeMastershipService();
    public final RecordingFlowRuleService flows = new RecordingFlowRuleService();
    public final RecordingMeterCells meters = new RecordingMeterCells();
    public final FakeHostService hosts = new FakeHostService();
    public final AdmissionManager admission = new AdmissionManager();
    public final RecordingGroupService groups = new RecordingGroupService();
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
        };
        manager.store = store;
        manager.storageService = storage;
        manager.admissionWait = admissionWait;
        manager.deviceService = devices;
        manager.linkService = links;
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
     * Deactivates manager and store.
     */
    public void stop() {
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

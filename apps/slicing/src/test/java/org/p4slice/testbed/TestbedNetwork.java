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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableMap;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.Config;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.config.OperatorsConfig;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.config.TenantConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.p4slice.pipeconf.P4SlicePipeconfIds;
import static com.google.common.base.Preconditions.checkState;

/**
 * The network a testbed runs on: fakes of ONOS's device, link, path, pipeconf, mastership, host and
 * network configuration services, shared storage, and the recording flow rule, meter and group
 * services that take what the slicing app programs; built switch by switch ({@link #addSwitch},
 * {@link #addPort}, {@link #connect}) and configured as netcfg would ({@link #configure}).
 */
public class TestbedNetwork {

    /** The application id of p4slice on the testbed. */
    public static final ApplicationId APP_ID = new DefaultApplicationId(7, SlicingConfig.APP_NAME);
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
    public final RecordingMulticastGroups groups;
    public final FakeNetworkConfigRegistry netcfg = new FakeNetworkConfigRegistry();
    public final SharedStorageService storage;
    public final Map<DeviceId, FakeSliceCounters> counters = new HashMap<>();

    private ObjectNode slicingJson;

    /**
     * Creates the network, its device programming written to the {@link #programming} log or not.
     *
     * @param logProgramming whether device operations are written to the log (not in benchmarks: no
     *                       cost per operation)
     * @param storage        the cluster's storage (shared by the testbeds of one cluster)
     */
    protected TestbedNetwork(boolean logProgramming, SharedStorageService storage) {
        this.storage = storage;
        programming = logProgramming ? new ProgrammingLog() : null;
        flows = new RecordingFlowRuleService(programming);
        meters = new RecordingMeterCells(programming);
        groups = new RecordingMulticastGroups(programming);
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
        return addSwitch(name, ports, speedMbps, P4SlicePipeconfIds.BMV2_PIPECONF_ID);
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
        return addSwitch(id, P4SlicePipeconfIds.BMV2_PIPECONF_ID);
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
        checkState(!started(), "ports are added before the testbed starts");
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
     * Tells whether the slicing app runs on this network already.
     *
     * @return true once started
     */
    protected boolean started() {
        return false;
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
     * Reads a config block of the app as ONOS would (outside any registry), e.g. to validate it.
     *
     * @param config an empty config object
     * @param key    its netcfg key
     * @param json   the block
     * @param <C>    config type
     * @return the config, initialised
     */
    public static <C extends Config<ApplicationId>> C appConfig(C config, String key, JsonNode json) {
        config.init(APP_ID, key, json, new ObjectMapper(), c -> { });
        return config;
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
}

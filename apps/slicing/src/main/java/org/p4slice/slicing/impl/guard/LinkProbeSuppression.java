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
package org.p4slice.slicing.impl.guard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.impl.admission.AdmissionManager;
import org.slf4j.Logger;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Keeps ONOS from sending its link probes (LLDP, BDDP) out of the slices' access ports, so a tenant's
 * host never receives one to relay. ONOS 2.7's LLDP provider probes every port but those whose network
 * configuration {@code ports} → {@code "<port>"} → {@value #LINK_DISCOVERY} says {@code "enabled": false}
 * (its {@code LinkDiscoveryFromPort}, read by the provider's {@code isBlacklisted}, which stops and
 * starts the port's probes on every change of that configuration). This component writes that
 * configuration for every access port of a stored slice that is not a declared infrastructure port, marked
 * {@code "setBy": "org.p4slice"}, and removes its own marked configuration from ports that are no longer
 * access ports. A configuration the operator wrote (unmarked) is never changed. Each port is written by
 * the master of its device; the work runs on one thread, once more after any slice, netcfg or mastership
 * change (changes during a run make one more run). Left in place when the app stops (the slices stay).
 */
@Component(immediate = true)
public class LinkProbeSuppression {

    /** The subject key of ports in ONOS's network configuration. */
    static final String PORTS = "ports";
    /** The LLDP provider's per-port configuration key. */
    static final String LINK_DISCOVERY = "linkDiscovery";
    /** The field that marks a configuration as p4slice's. */
    static final String SET_BY = "setBy";
    /** Its value. */
    static final String P4SLICE = "org.p4slice";

    private final Logger log = getLogger(getClass());
    private final ObjectMapper mapper = new ObjectMapper();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService netcfgService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceService sliceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected AdmissionManager admission;

    /** The infrastructure ports declared now; tests may replace it (else admission's netcfg is read). */
    Supplier<Optional<Set<ConnectPoint>>> infrastructure;
    /** Where the runs are made; tests may replace it before activation (else one thread). */
    Executor executor;

    private ExecutorService ownExecutor;
    private final AtomicBoolean dirty = new AtomicBoolean();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final SliceListener sliceListener = e -> request();
    private final MastershipListener mastershipListener = this::mastershipChanged;
    private final NetworkConfigListener netcfgListener = new NetcfgListener();

    @Activate
    protected void activate() {
        if (infrastructure == null) {
            infrastructure = admission::infrastructurePorts;
        }
        if (executor == null) {
            ownExecutor = Executors.newSingleThreadExecutor(groupedThreads("p4slice/guard", "probes-%d", log));
            executor = ownExecutor;
        }
        sliceService.addListener(sliceListener);
        mastershipService.addListener(mastershipListener);
        netcfgService.addListener(netcfgListener);
        request();
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        netcfgService.removeListener(netcfgListener);
        mastershipService.removeListener(mastershipListener);
        sliceService.removeListener(sliceListener);
        if (ownExecutor != null) {
            ownExecutor.shutdownNow();
            ownExecutor = null;
            executor = null;
        }
        log.info("Stopped");
    }

    private void mastershipChanged(MastershipEvent event) {
        if (event.type() == MastershipEvent.Type.MASTER_CHANGED) {
            request();
        }
    }

    // one run waiting at most; a request during a run makes one more
    private void request() {
        dirty.set(true);
        if (scheduled.compareAndSet(false, true)) {
            executor.execute(this::drain);
        }
    }

    private void drain() {
        try {
            while (dirty.getAndSet(false)) {
                try {
                    reconcile();
                } catch (RuntimeException e) {
                    log.warn("Link probes of access ports not reconciled: {}", e.getMessage(), e);
                }
            }
        } finally {
            scheduled.set(false);
        }
        if (dirty.get() && scheduled.compareAndSet(false, true)) {
            executor.execute(this::drain);
        }
    }

    /**
     * Returns the ports that should have their probes off: the slices' access ports that are not
     * declared infrastructure.
     *
     * @return ports
     */
    Set<ConnectPoint> accessPorts() {
        Set<ConnectPoint> declared = infrastructure.get().orElse(Set.of());
        return sliceService.getSlices().stream().flatMap(s -> s.endpoints().stream())
                .filter(e -> e.mode() == EndpointMode.ACCESS).map(Endpoint::connectPoint)
                .filter(cp -> !declared.contains(cp)).collect(Collectors.toSet());
    }

    @SuppressWarnings("unchecked")
    private void reconcile() {
        Class<? extends Config> raw = netcfgService.getConfigClass(PORTS, LINK_DISCOVERY);
        if (raw == null) {
            return; // ONOS's LLDP provider is not running: it sends no probes
        }
        Class<Config<ConnectPoint>> cls = (Class<Config<ConnectPoint>>) (Class<?>) raw;
        Set<ConnectPoint> wanted = accessPorts();
        Set<ConnectPoint> ours = new HashSet<>();
        for (ConnectPoint cp : netcfgService.getSubjects(ConnectPoint.class, cls)) {
            Config<ConnectPoint> cfg = netcfgService.getConfig(cp, cls);
            if (cfg != null && isOurs(cfg.node())) {
                ours.add(cp);
            }
        }
        for (ConnectPoint cp : wanted) {
            if (mastershipService.isLocalMaster(cp.deviceId()) && netcfgService.getConfig(cp, cls) == null) {
                ObjectNode off = mapper.createObjectNode().put("enabled", false).put(SET_BY, P4SLICE);
                netcfgService.applyConfig(cp, cls, off);
                log.info("Link probes off at access port {}", cp);
            }
        }
        for (ConnectPoint cp : ours) {
            if (!wanted.contains(cp) && mastershipService.isLocalMaster(cp.deviceId())) {
                netcfgService.removeConfig(cp, cls);
                log.info("Link probes back at {}, no longer an access port", cp);
            }
        }
    }

    private static boolean isOurs(JsonNode node) {
        return node != null && P4SLICE.equals(node.path(SET_BY).asText(null));
    }

    private final class NetcfgListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            Class<?> probes = netcfgService.getConfigClass(PORTS, LINK_DISCOVERY);
            return event.configClass() == SlicingConfig.class || probes != null && event.configClass() == probes;
        }

        @Override
        public void event(NetworkConfigEvent event) {
            request();
        }
    }
}

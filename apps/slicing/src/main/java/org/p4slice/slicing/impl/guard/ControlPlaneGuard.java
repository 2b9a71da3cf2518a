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

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.host.HostAdminService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.impl.admission.AdmissionManager;
import org.slf4j.Logger;

import java.util.Dictionary;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.p4slice.slicing.config.ComponentProperties.positive;
import static org.p4slice.slicing.impl.guard.OsgiPropertyConstants.MAX_HOSTS_LEARNED_PER_ACCESS_PORT;
import static org.p4slice.slicing.impl.guard.OsgiPropertyConstants.MAX_HOSTS_LEARNED_PER_ACCESS_PORT_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Sees every packet-in before ONOS's own providers and blocks what tenants' hosts must not feed the
 * control plane ({@link PacketInGuard} decides): link probes from ports that are not infrastructure, and
 * new hosts beyond the cap of an access port. ONOS 2.7's packet manager gives a packet-in to its
 * processors in ascending priority, and its LLDP link provider (priority {@code advisor(0)} = 1) and host
 * provider (higher) skip a packet whose context is handled ({@code context.isHandled()}); this processor
 * is registered at priority 0, before them, and blocks the context. ONOS 2.7's host provider does not skip
 * it, though: the hosts it learns beyond the cap of a port are removed again ({@link HostCap}, a host listener).
 */
@Component(immediate = true,
        property = {
                MAX_HOSTS_LEARNED_PER_ACCESS_PORT + ":Integer=" + MAX_HOSTS_LEARNED_PER_ACCESS_PORT_DEFAULT,
        })
public class ControlPlaneGuard {

    /** The processor's priority: below {@code PacketProcessor.advisor(0)}, so before every provider. */
    static final int PRIORITY = 0;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostService hostService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HostAdminService hostAdminService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceService sliceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected AdmissionManager admission;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    /** Most hosts ONOS learns at one access port of a slice; packets of further hosts are not given to it. */
    private int maxHostsLearnedPerAccessPort = MAX_HOSTS_LEARNED_PER_ACCESS_PORT_DEFAULT;

    private final AtomicLong probesBlocked = new AtomicLong();
    private final AtomicLong hostsBlocked = new AtomicLong();
    /** The infrastructure ports declared now; tests may replace it (else admission's netcfg is read). */
    Supplier<Optional<Set<ConnectPoint>>> infrastructure;

    /** Where the host cap's passes run; tests may replace it before activation (else one thread). */
    Executor hostCapExecutor;

    private PacketInGuard guard;
    private HostCap hostCap;
    private ExecutorService ownExecutor;
    private final PacketProcessor processor = this::process;
    private final SliceListener sliceListener = this::sliceChanged;

    @Activate
    protected void activate(ComponentContext context) {
        cfgService.registerProperties(getClass());
        modified(context);
        if (infrastructure == null) {
            infrastructure = admission::infrastructurePorts;
        }
        guard = new PacketInGuard(infrastructure, this::isAccessPort, this::hostsAt,
                                  () -> maxHostsLearnedPerAccessPort);
        if (hostCapExecutor == null) {
            ownExecutor = Executors.newSingleThreadExecutor(groupedThreads("p4slice/guard", "host-cap-%d", log));
            hostCapExecutor = ownExecutor;
        }
        hostCap = new HostCap(hostService, hostAdminService, mastershipService::isLocalMaster, guard::isCapped,
                              () -> maxHostsLearnedPerAccessPort, hostCapExecutor);
        hostService.addListener(hostCap);
        sliceService.addListener(sliceListener);
        packetService.addProcessor(processor, PRIORITY);
        hostCap.checkAll();
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        packetService.removeProcessor(processor);
        sliceService.removeListener(sliceListener);
        hostService.removeListener(hostCap);
        if (ownExecutor != null) {
            ownExecutor.shutdownNow();
            ownExecutor = null;
            hostCapExecutor = null;
        }
        cfgService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    /**
     * Reads the component configuration; an invalid value is logged and ignored.
     *
     * @param context component context, or null for the defaults
     */
    @Modified
    protected void modified(ComponentContext context) {
        Dictionary<?, ?> properties = context == null ? null : context.getProperties();
        maxHostsLearnedPerAccessPort = positive(log, properties, MAX_HOSTS_LEARNED_PER_ACCESS_PORT,
                                                maxHostsLearnedPerAccessPort,
                                                MAX_HOSTS_LEARNED_PER_ACCESS_PORT_DEFAULT);
        log.info("Component {}={}", MAX_HOSTS_LEARNED_PER_ACCESS_PORT, maxHostsLearnedPerAccessPort);
        if (hostCap != null) {
            hostCap.checkAll();
        }
    }

    // package-private for tests
    void process(PacketContext context) {
        if (context == null || context.isHandled()) {
            return;
        }
        ConnectPoint in = context.inPacket().receivedFrom();
        switch (guard.judge(in, context.inPacket().parsed())) {
            case PROBE_BLOCKED:
                context.block();
                if (probesBlocked.incrementAndGet() % 1000 == 1) {
                    log.warn("Link probe from {}, which is not an infrastructure port, blocked ({} so far)", in,
                             probesBlocked.get());
                }
                break;
            case HOST_BLOCKED:
                context.block();
                if (hostsBlocked.incrementAndGet() % 1000 == 1) {
                    log.warn("Packet of a new host at access port {} beyond its {} hosts not given to ONOS ({} so far)",
                             in, maxHostsLearnedPerAccessPort, hostsBlocked.get());
                }
                break;
            default:
                break;
        }
    }

    // a port that became a slice's access port may hold more hosts than the cap already
    private void sliceChanged(SliceEvent event) {
        if (event.type() == SliceEvent.Type.SLICE_ADDED || event.type() == SliceEvent.Type.SLICE_UPDATED) {
            event.subject().endpoints().stream().filter(e -> e.mode() == EndpointMode.ACCESS)
                    .map(Endpoint::connectPoint).forEach(hostCap::check);
        }
    }

    /**
     * Returns how many hosts beyond the cap of their port were removed from ONOS since start.
     *
     * @return hosts
     */
    long hostsRemoved() {
        return hostCap.removedCount();
    }

    private boolean isAccessPort(ConnectPoint cp) {
        return sliceService.getSlices().stream()
                .anyMatch(s -> s.ports().contains(cp) && s.modeOf(cp) == EndpointMode.ACCESS);
    }

    private Set<HostId> hostsAt(ConnectPoint cp) {
        return hostService.getConnectedHosts(cp).stream().map(Host::id).collect(Collectors.toSet());
    }
}

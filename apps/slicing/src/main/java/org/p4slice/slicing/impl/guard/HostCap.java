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

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.host.HostAdminService;
import org.onosproject.net.host.HostEvent;
import org.onosproject.net.host.HostListener;
import org.onosproject.net.host.HostService;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Keeps ONOS's host store within the cap of every capped port (a slice's access port; once the
 * infrastructure ports are declared, every port that is not one): ONOS 2.7's host provider learns a
 * host from every packet-in, handled or not, so {@link PacketInGuard} cannot stop it, and this
 * listener removes ({@link HostAdminService#removeHost}) the hosts beyond the cap instead.
 * <p>
 * Counted are distinct host ids (MAC and VLAN) at the port. The first {@code cap} hosts are kept: those
 * kept before, in the order they were kept, then the others by the time ONOS located them there (then
 * by id); hosts configured by the operator are always kept. Only the master of the port's device acts, so
 * in a cluster one instance removes. Each host event asks for a pass over its ports; a port has at most
 * one pass waiting (a burst of events makes one pass), run on the given executor: so the store holds at
 * most {@code cap} hosts at the port after a pass, and in between the hosts ONOS learnt since the
 * last pass began.
 */
final class HostCap implements HostListener {

    /** At most one WARN about removed hosts in this many milliseconds. */
    static final long LOG_EVERY_MS = 10_000;

    private final Logger log = getLogger(getClass());
    private final HostService hostService;
    private final HostAdminService hostAdmin;
    private final Predicate<DeviceId> localMaster;
    private final Predicate<ConnectPoint> capped;
    private final IntSupplier cap;
    private final Executor executor;

    private final Set<ConnectPoint> waiting = ConcurrentHashMap.newKeySet();
    // per port, the hosts kept, in the order they were kept (touched by the passes only)
    private final Map<ConnectPoint, LinkedHashSet<HostId>> kept = new ConcurrentHashMap<>();
    private final AtomicLong removed = new AtomicLong();
    private final AtomicLong lastLog = new AtomicLong(Long.MIN_VALUE / 2);

    /**
     * Creates the cap.
     *
     * @param hostService ONOS's hosts
     * @param hostAdmin   what removes a host from ONOS's store
     * @param localMaster whether this instance masters a device
     * @param capped      whether a port is capped
     * @param cap         most hosts at a capped port (read at every pass)
     * @param executor    where passes run, one at a time
     */
    HostCap(HostService hostService, HostAdminService hostAdmin, Predicate<DeviceId> localMaster,
            Predicate<ConnectPoint> capped, IntSupplier cap, Executor executor) {
        this.hostService = checkNotNull(hostService);
        this.hostAdmin = checkNotNull(hostAdmin);
        this.localMaster = checkNotNull(localMaster);
        this.capped = checkNotNull(capped);
        this.cap = checkNotNull(cap);
        this.executor = checkNotNull(executor);
    }

    @Override
    public void event(HostEvent event) {
        switch (event.type()) {
            case HOST_ADDED:
            case HOST_MOVED:
            case HOST_UPDATED:
                event.subject().locations().forEach(this::check);
                break;
            default:
                break;
        }
    }

    /**
     * Asks for a pass over a port, unless one waits already; nothing if the port is not capped or
     * another instance masters its device.
     *
     * @param port port
     */
    void check(ConnectPoint port) {
        ConnectPoint cp = new ConnectPoint(port.elementId(), port.port());
        if (!capped.test(cp) || !localMaster.test(cp.deviceId())) {
            kept.remove(cp);
            return;
        }
        if (waiting.add(cp)) {
            executor.execute(() -> {
                waiting.remove(cp);
                pass(cp);
            });
        }
    }

    /**
     * Asks for a pass over every port where ONOS knows a host (at activation).
     */
    void checkAll() {
        Iterable<Host> all = hostService.getHosts();
        if (all == null) {
            return;
        }
        for (Host h : all) {
            h.locations().forEach(this::check);
        }
    }

    /**
     * Returns how many hosts were removed since start.
     *
     * @return hosts
     */
    long removedCount() {
        return removed.get();
    }

    // removes the hosts beyond the cap at a port
    private synchronized void pass(ConnectPoint cp) {
        if (!capped.test(cp) || !localMaster.test(cp.deviceId())) {
            kept.remove(cp);
            return;
        }
        Set<Host> here = hostService.getConnectedHosts(cp);
        Map<HostId, Host> byId = here.stream().collect(Collectors.toMap(Host::id, h -> h, (a, b) -> a));
        LinkedHashSet<HostId> before = kept.getOrDefault(cp, new LinkedHashSet<>());
        List<Host> order = new ArrayList<>();
        before.stream().filter(byId::containsKey).map(byId::get).forEach(order::add);
        here.stream().filter(h -> !before.contains(h.id()))
                .sorted(Comparator.comparingLong((Host h) -> locatedAt(h, cp)).thenComparing(h -> h.id().toString()))
                .forEach(order::add);
        int max = cap.getAsInt();
        LinkedHashSet<HostId> keep = new LinkedHashSet<>();
        order.stream().filter(Host::configured).forEach(h -> keep.add(h.id()));
        List<HostId> beyond = new ArrayList<>();
        for (Host h : order) {
            if (h.configured()) {
                continue;
            }
            if (keep.size() < max) {
                keep.add(h.id());
            } else {
                beyond.add(h.id());
            }
        }
        kept.put(cp, keep);
        for (HostId id : beyond) {
            try {
                hostAdmin.removeHost(id);
            } catch (RuntimeException e) {
                log.warn("Host {} beyond the cap of {} at {} not removed: {}", id, max, cp, e.getMessage());
                continue;
            }
            long total = removed.incrementAndGet();
            long now = System.currentTimeMillis();
            long last = lastLog.get();
            if (now - last >= LOG_EVERY_MS && lastLog.compareAndSet(last, now)) {
                log.warn("Host {} removed from ONOS: port {} has its {} hosts ({} removed since start)", id, cp,
                         max, total);
            }
        }
    }

    private static long locatedAt(Host h, ConnectPoint cp) {
        return h.locations().stream()
                .filter(l -> l.deviceId().equals(cp.deviceId()) && l.port().equals(cp.port()))
                .mapToLong(HostLocation::time).min().orElse(Long.MAX_VALUE);
    }
}

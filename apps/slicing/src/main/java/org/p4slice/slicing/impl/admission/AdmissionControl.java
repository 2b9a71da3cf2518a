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
package org.p4slice.slicing.impl.admission;

import org.p4slice.slicing.api.SlicingException;
import com.google.common.collect.ImmutableList;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.Link;
import org.onosproject.net.LinkKey;
import org.onosproject.net.Port;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.link.LinkService;
import org.p4slice.slicing.api.AdmissionRefusedException;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.ConnectPoints;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.p4slice.slicing.impl.store.LinkKeys;
import org.p4slice.slicing.impl.store.SliceAllocations;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Decides whether a slice fits: on every port and inter-switch link it crosses, the sum of the
 * quotas must stay within {@code floor((1 - guardBand) * capacity)}. The one place where
 * capacity, guard band and allocation are computed, for admission and for the capacity report.
 * <p>
 * The capacity of a port is its netcfg override, else the speed the device reports (Mbps, taken
 * as 10^6 bit/s). A link is full duplex: its capacity per direction is the smaller of its end
 * ports' capacities and every slice crossing it counts once. All arithmetic is exact: the usable
 * capacity is computed with decimal arithmetic from the guard band's shortest decimal form, so
 * 0.05 means exactly 5 %.
 */
public final class AdmissionControl {

    private static final long BPS_PER_MBPS = 1_000_000L;

    private final DeviceService deviceService;
    private final LinkService linkService;

    /**
     * Creates admission control over the given services.
     *
     * @param deviceService devices and port speeds
     * @param linkService   inter-switch links
     */
    public AdmissionControl(DeviceService deviceService, LinkService linkService) {
        this.deviceService = checkNotNull(deviceService);
        this.linkService = checkNotNull(linkService);
    }

    /**
     * Returns the capacity of a port.
     *
     * @param port     connect point
     * @param settings the capacity overrides in effect
     * @return bits per second; 0 if unknown
     */
    public long capacityBps(ConnectPoint port, AdmissionSettings settings) {
        Long override = settings.capacityOverrides().get(port);
        if (override != null) {
            return override;
        }
        Port p = deviceService.getPort(port.deviceId(), port.port());
        if (p == null || p.portSpeed() <= 0) {
            return 0;
        }
        return p.portSpeed() > Long.MAX_VALUE / BPS_PER_MBPS ? Long.MAX_VALUE : p.portSpeed() * BPS_PER_MBPS;
    }

    /**
     * Returns the capacity per direction of a link: the smaller of its ends' capacities.
     *
     * @param link     undirected link key
     * @param settings the capacity overrides in effect
     * @return bits per second
     */
    public long capacityBps(LinkKey link, AdmissionSettings settings) {
        return Math.min(capacityBps(link.src(), settings), capacityBps(link.dst(), settings));
    }

    /**
     * Returns the usable part of a capacity: {@code floor((1 - guardBand) * capacity)}.
     *
     * @param capacityBps capacity
     * @param settings    the guard band in effect
     * @return usable bits per second
     */
    public static long usableBps(long capacityBps, AdmissionSettings settings) {
        return BigDecimal.valueOf(capacityBps).multiply(settings.usableFraction())
                .setScale(0, RoundingMode.FLOOR).longValueExact();
    }

    /**
     * Admits a slice against what the stored slices hold, or says why not.
     *
     * @param candidate   the slice as it would be (ports and trunk links resolved)
     * @param previous    the candidate's stored version when it is updated (its allocation is
     *                    excluded), or null
     * @param allocations what the stored slices hold
     * @param settings    the guard band and capacity overrides in effect
     * @throws SlicingException INVALID if the quota alone exceeds a port's or link's capacity, or a port's capacity
     *     is unknown
     * @throws AdmissionRefusedException naming the first port or link (links first, then ports, in
     *                                   order) where the quotas would exceed the usable capacity
     */
    public void admit(Slice candidate, Slice previous, SliceAllocations allocations, AdmissionSettings settings) {
        long quota = candidate.quotaBps();
        Set<LinkKey> links = new TreeSet<>(Comparator.comparing(LinkKey::src, ConnectPoints.ORDER)
                                                   .thenComparing(LinkKey::dst, ConnectPoints.ORDER));
        candidate.trunkLinks().forEach(l -> links.add(LinkKeys.undirected(l)));
        Set<ConnectPoint> ports = candidate.ports();

        Map<ConnectPoint, Long> portCapacity = new HashMap<>();
        for (ConnectPoint port : ports) {
            long cap = capacityBps(port, settings);
            if (cap <= 0) {
                throw SlicingException.invalid("port " + port + " has no known capacity (the device reports "
                        + "no speed); set capacityOverrides in the p4slice netcfg");
            }
            if (quota > cap) {
                throw SlicingException.invalid("quotaBps " + quota + " exceeds the capacity " + cap
                        + " bps of port " + port);
            }
            portCapacity.put(port, cap);
        }
        Map<LinkKey, Long> linkCapacity = new HashMap<>();
        for (LinkKey link : links) {
            long cap = capacityBps(link, settings);
            if (quota > cap) {
                throw SlicingException.invalid("quotaBps " + quota + " exceeds the capacity " + cap
                        + " bps of " + LinkKeys.describe(link));
            }
            linkCapacity.put(link, cap);
        }

        Set<LinkKey> previousLinks = new HashSet<>();
        if (previous != null) {
            previous.trunkLinks().forEach(l -> previousLinks.add(LinkKeys.undirected(l)));
        }
        for (LinkKey link : links) {
            long allocated = allocations.linkBps(link);
            if (previousLinks.contains(link)) {
                allocated -= previous.quotaBps();
            }
            check(LinkKeys.describe(link), linkCapacity.get(link), allocated, quota, settings);
        }
        for (ConnectPoint port : ports) {
            long allocated = allocations.portBps(port);
            if (previous != null && previous.hasPort(port)) {
                allocated -= previous.quotaBps();
            }
            check("port " + port, portCapacity.get(port), allocated, quota, settings);
        }
    }

    private static void check(String resource, long capacity, long allocated, long quota,
                              AdmissionSettings settings) {
        long usable = usableBps(capacity, settings);
        long total = saturatedAdd(allocated, quota);
        if (total > usable) {
            throw new AdmissionRefusedException(resource, capacity, allocated, quota, total - usable);
        }
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    /**
     * Reports capacity and allocation of every port of every device (and of any other port a
     * slice holds), ordered by device and port.
     *
     * @param allocations what the slices hold
     * @param settings    the guard band and capacity overrides in effect
     * @return report
     */
    public List<PortCapacity> portCapacities(SliceAllocations allocations, AdmissionSettings settings) {
        Set<ConnectPoint> ports = new TreeSet<>(ConnectPoints.ORDER);
        for (Device d : deviceService.getDevices()) {
            for (Port p : deviceService.getPorts(d.id())) {
                if (!p.number().isLogical()) {
                    ports.add(new ConnectPoint(d.id(), p.number()));
                }
            }
        }
        for (Slice s : allocations.slices()) {
            ports.addAll(s.ports());
        }
        List<PortCapacity> report = new ArrayList<>(ports.size());
        for (ConnectPoint p : ports) {
            long cap = capacityBps(p, settings);
            long alloc = allocations.portBps(p);
            report.add(PortCapacity.of(p, cap, settings.guardBand(), alloc, usableBps(cap, settings) - alloc));
        }
        return ImmutableList.copyOf(report);
    }

    /**
     * Reports capacity and allocation of every inter-switch link (one entry per physical link,
     * oriented from its smaller to its larger end when ONOS knows that direction), ordered by
     * source and destination.
     *
     * @param allocations what the slices hold
     * @param settings    the guard band and capacity overrides in effect
     * @return report
     */
    public List<LinkCapacity> linkCapacities(SliceAllocations allocations, AdmissionSettings settings) {
        Map<LinkKey, Link> links = new TreeMap<>(Comparator.comparing(LinkKey::src, ConnectPoints.ORDER)
                                                         .thenComparing(LinkKey::dst, ConnectPoints.ORDER));
        for (Link l : linkService.getLinks()) {
            LinkKey key = LinkKeys.undirected(l);
            if (LinkKeys.isCanonical(l) || !links.containsKey(key)) {
                links.put(key, l);
            }
        }
        allocations.links().forEach(links::putIfAbsent);
        List<LinkCapacity> report = new ArrayList<>(links.size());
        links.forEach((key, link) -> {
            long cap = capacityBps(key, settings);
            long alloc = allocations.linkBps(key);
            report.add(LinkCapacity.of(link, cap, settings.guardBand(), alloc, usableBps(cap, settings) - alloc));
        });
        return ImmutableList.copyOf(report);
    }
}

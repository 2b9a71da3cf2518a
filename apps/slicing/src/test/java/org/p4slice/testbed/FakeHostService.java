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

import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.host.HostAdminService;
import org.onosproject.net.host.HostEvent;
import org.onosproject.net.host.HostListener;
import org.onosproject.net.host.HostServiceAdapter;
import org.onosproject.net.provider.ProviderId;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * Hosts as ONOS's host service knows them: added, moved and removed by a test, each change
 * posted to the listeners as ONOS does (HOST_ADDED, HOST_MOVED with the previous host, HOST_REMOVED);
 * also ONOS's host administration ({@link #removeHost}).
 */
public class FakeHostService extends HostServiceAdapter implements HostAdminService {

    private final Map<HostId, Host> hosts = new ConcurrentHashMap<>();
    private final AtomicLong heard = new AtomicLong();
    private final List<HostListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Adds (or moves) an untagged host.
     *
     * @param mac  its MAC
     * @param port where it is
     * @return the host
     */
    public Host place(MacAddress mac, ConnectPoint port) {
        return place(mac, VlanId.NONE, port);
    }

    /**
     * Adds (or moves) a host.
     *
     * @param mac  its MAC
     * @param vlan its VLAN (NONE: untagged)
     * @param port where it is
     * @return the host
     */
    public Host place(MacAddress mac, VlanId vlan, ConnectPoint port) {
        HostId id = HostId.hostId(mac, vlan);
        // the location's time orders hosts as ONOS's host provider does (when it first heard the host there)
        return put(new DefaultHost(ProviderId.NONE, id, mac, vlan,
                                   new HostLocation(port.deviceId(), port.port(), heard.incrementAndGet()), Set.of()));
    }

    /**
     * Adds (or replaces) a host as a test made it.
     *
     * @param host host
     * @return the host
     */
    public Host put(Host host) {
        Host previous = hosts.put(host.id(), host);
        HostEvent event = previous == null ? new HostEvent(HostEvent.Type.HOST_ADDED, host)
                : new HostEvent(HostEvent.Type.HOST_MOVED, host, previous);
        listeners.forEach(l -> l.event(event));
        return host;
    }

    /**
     * Returns the time the next located host gets (its location's time orders hosts).
     *
     * @return time
     */
    public long nextTime() {
        return heard.incrementAndGet();
    }

    /**
     * Removes an untagged host.
     *
     * @param mac its MAC
     */
    public void remove(MacAddress mac) {
        removeHost(HostId.hostId(mac, VlanId.NONE));
    }

    @Override
    public void removeHost(HostId hostId) {
        Host gone = hosts.remove(hostId);
        if (gone != null) {
            HostEvent event = new HostEvent(HostEvent.Type.HOST_REMOVED, gone);
            listeners.forEach(l -> l.event(event));
        }
    }

    @Override
    public Set<Host> getConnectedHosts(ConnectPoint connectPoint) {
        return hosts.values().stream().filter(h -> h.locations().stream().anyMatch(
                l -> l.deviceId().equals(connectPoint.deviceId()) && l.port().equals(connectPoint.port())))
                .collect(Collectors.toSet());
    }

    @Override
    public Host getHost(HostId hostId) {
        return hosts.get(hostId);
    }

    @Override
    public int getHostCount() {
        return hosts.size();
    }

    @Override
    public Iterable<Host> getHosts() {
        return List.copyOf(hosts.values());
    }

    @Override
    public void addListener(HostListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(HostListener listener) {
        listeners.remove(listener);
    }
}

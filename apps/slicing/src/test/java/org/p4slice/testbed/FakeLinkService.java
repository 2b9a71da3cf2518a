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

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.link.LinkServiceAdapter;
import org.onosproject.net.provider.ProviderId;

import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Predicate;

/**
 * Inter-switch links, each added in both directions as ONOS's link discovery reports them.
 * Every query answers in the order the links were added.
 */
public class FakeLinkService extends LinkServiceAdapter {

    private static final ProviderId PID = new ProviderId("lldp", "org.p4slice.test");

    private final Set<Link> links = new CopyOnWriteArraySet<>();

    /**
     * Adds a full-duplex link (both directions).
     *
     * @param a one end
     * @param b other end
     * @return the a-to-b direction
     */
    public Link addLink(ConnectPoint a, ConnectPoint b) {
        Link ab = link(a, b);
        links.add(ab);
        links.add(link(b, a));
        return ab;
    }

    /**
     * Builds a direct, active link.
     *
     * @param src source
     * @param dst destination
     * @return link
     */
    public static Link link(ConnectPoint src, ConnectPoint dst) {
        return DefaultLink.builder().providerId(PID).src(src).dst(dst).type(Link.Type.DIRECT)
                .state(Link.State.ACTIVE).build();
    }

    private Set<Link> select(Predicate<Link> filter) {
        return links.stream().filter(filter).collect(ImmutableSet.toImmutableSet());
    }

    @Override
    public int getLinkCount() {
        return links.size();
    }

    @Override
    public Iterable<Link> getLinks() {
        return ImmutableList.copyOf(links);
    }

    @Override
    public Iterable<Link> getActiveLinks() {
        return getLinks();
    }

    @Override
    public Set<Link> getDeviceEgressLinks(DeviceId deviceId) {
        return select(l -> l.src().deviceId().equals(deviceId));
    }

    @Override
    public Set<Link> getDeviceIngressLinks(DeviceId deviceId) {
        return select(l -> l.dst().deviceId().equals(deviceId));
    }

    @Override
    public Set<Link> getLinks(ConnectPoint connectPoint) {
        return select(l -> l.src().equals(connectPoint) || l.dst().equals(connectPoint));
    }

    @Override
    public Set<Link> getEgressLinks(ConnectPoint connectPoint) {
        return select(l -> l.src().equals(connectPoint));
    }

    @Override
    public Set<Link> getIngressLinks(ConnectPoint connectPoint) {
        return select(l -> l.dst().equals(connectPoint));
    }

    @Override
    public Link getLink(ConnectPoint src, ConnectPoint dst) {
        return links.stream().filter(l -> l.src().equals(src) && l.dst().equals(dst)).findFirst().orElse(null);
    }
}

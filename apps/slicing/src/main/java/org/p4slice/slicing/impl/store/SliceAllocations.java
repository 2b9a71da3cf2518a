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
package org.p4slice.slicing.impl.store;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;
import org.onosproject.net.LinkKey;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;

import java.util.BitSet;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * What the stored slices hold, per port and per physical link: the view admission control and
 * the allocator decide on, answered in time independent of the number of slices.
 */
public interface SliceAllocations {

    /**
     * Returns a slice.
     *
     * @param id slice id
     * @return slice, or empty
     */
    Optional<Slice> slice(SliceId id);

    /**
     * Returns every slice.
     *
     * @return slices
     */
    Collection<Slice> slices();

    /**
     * Returns the slice ids in use.
     *
     * @return bit i set if slice id i is used (a copy)
     */
    BitSet usedIds();

    /**
     * Returns the VLANs in use.
     *
     * @return bit v set if VLAN v is some slice's (a copy)
     */
    BitSet usedVlans();

    /**
     * Returns the slices with the lowest ids using a port, and how.
     *
     * @param port connect point
     * @param max  how many at most
     * @return slice id to mode (link ends are trunk), ordered by slice id
     */
    Map<SliceId, EndpointMode> portUsers(ConnectPoint port, int max);

    /**
     * Returns the sum of the quotas of the slices using a port.
     *
     * @param port connect point
     * @return bits per second
     */
    long portBps(ConnectPoint port);

    /**
     * Returns the sum of the quotas of the slices crossing a physical link.
     *
     * @param link undirected link key
     * @return bits per second
     */
    long linkBps(LinkKey link);

    /**
     * Returns the physical links some slice crosses, each with one of its directions.
     *
     * @return undirected key to link
     */
    Map<LinkKey, Link> links();

    /**
     * Returns the slice of a tenant with a name.
     *
     * @param tenant tenant
     * @param name   slice name
     * @return slice id, or empty
     */
    Optional<SliceId> named(TenantId tenant, String name);

    /**
     * Describes a holder of resources for messages, e.g. {@code "slice 7 (itb/lab1)"}; views
     * whose holders are not stored slices (reservations over time) describe them their way.
     *
     * @param id slice id in this view
     * @return description
     */
    default String describe(SliceId id) {
        return slice(id).map(SliceHoldings::describe).orElse("slice " + id);
    }
}

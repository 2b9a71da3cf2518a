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
package org.p4slice.slicing.api;

import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;
import org.onosproject.store.Store;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Stores slices and the exclusive resources they hold (slice ids, VLANs, access ports), so that
 * they survive restarts and are shared by every controller instance. Claims are atomic: a slice is
 * stored with all of its exclusive resources or not at all. Reads are local and answer what the
 * stored slices hold per port and per link in constant time, for admission and allocation.
 */
public interface SliceStore extends Store<SliceEvent, SliceStoreDelegate> {

    /**
     * Returns every stored slice.
     *
     * @return slices
     */
    Collection<Slice> getSlices();

    /**
     * Returns a stored slice.
     *
     * @param id slice id
     * @return slice, or empty
     */
    Optional<Slice> getSlice(SliceId id);

    /**
     * Returns the slice of a tenant with the given name.
     *
     * @param tenant tenant
     * @param name   slice name
     * @return slice, or empty
     */
    Optional<Slice> getSlice(TenantId tenant, String name);

    /**
     * Returns the slices using a port (as an endpoint or as a trunk link end) and how, ordered by
     * slice id.
     *
     * @param port connect point
     * @return slice id to mode (link ends are trunk)
     */
    Map<SliceId, EndpointMode> getPortUsers(ConnectPoint port);

    /**
     * Returns the slices with the lowest ids using a port, and how; cheaper than all of them on a
     * trunk that carries many slices.
     *
     * @param port connect point
     * @param max  how many at most
     * @return slice id to mode, ordered by slice id
     */
    Map<SliceId, EndpointMode> getPortUsers(ConnectPoint port, int max);

    /**
     * Returns the sum of the quotas of the slices using a port.
     *
     * @param port connect point
     * @return bits per second
     */
    long getAllocatedBps(ConnectPoint port);

    /**
     * Returns the sum of the quotas of the slices crossing the physical link between two ports
     * (in either direction; each slice counts once).
     *
     * @param end      one end of the link
     * @param otherEnd the other end
     * @return bits per second
     */
    long getAllocatedBps(ConnectPoint end, ConnectPoint otherEnd);

    /**
     * Returns the physical links some slice crosses, one direction of each.
     *
     * @return links
     */
    Set<Link> getAllocatedLinks();

    /**
     * Returns the VLANs taken, with the slice holding each.
     *
     * @return VLAN to slice id
     */
    Map<VlanId, SliceId> getVlanAllocations();

    /**
     * Returns the access ports taken, with the slice holding each.
     *
     * @return port to slice id
     */
    Map<ConnectPoint, SliceId> getAccessPortAllocations();

    /**
     * Stores a new slice, claiming its id, its VLAN and its access ports.
     *
     * @param slice slice
     * @throws SliceConflictException if one of them is taken (nothing is stored then)
     */
    void createSlice(Slice slice);

    /**
     * Replaces a stored slice with the same id and VLAN, re-claiming its access ports.
     *
     * @param slice new version
     * @throws SliceNotFoundException if there is no slice with that id
     * @throws SliceConflictException if a new access port is taken or the VLAN differs (nothing
     *                                changes then)
     */
    void updateSlice(Slice slice);

    /**
     * Changes the state of a stored slice.
     *
     * @param id     slice id
     * @param state  new state
     * @param reason reason, or null
     * @return the slice after the change, or empty if there is none
     */
    Optional<Slice> setState(SliceId id, SliceState state, String reason);

    /**
     * Removes a slice and frees its id, VLAN and access ports.
     *
     * @param id slice id
     * @return the removed slice, or empty if there was none
     */
    Optional<Slice> removeSlice(SliceId id);
}

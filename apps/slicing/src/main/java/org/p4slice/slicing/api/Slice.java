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

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A slice (immutable): the resources granted to one experiment and its life-cycle state.
 * <p>
 * The ports of a slice are its endpoints (as requested) plus both ends of every inter-switch link
 * in {@link #trunkLinks()}, which carry the slice tagged with its VLAN. {@link #devices()},
 * {@link #ports(DeviceId)} and {@link #modeOf(ConnectPoint)} are derived from those two sets;
 * devices and ports are listed in a stable order (by device id, then port number).
 */
public final class Slice {

    private final SliceId id;
    private final String name;
    private final TenantId tenant;
    private final VlanId vlan;
    private final long quotaBps;
    private final long burstBytes;
    private final Set<Endpoint> endpoints;
    private final Set<Link> trunkLinks;
    private final SliceState state;
    private final String reason;

    // derived from endpoints and trunkLinks
    private final Map<DeviceId, Set<ConnectPoint>> portsByDevice;
    private final Map<ConnectPoint, EndpointMode> modes;

    Slice(SliceBuilder b) {
        this.id = checkNotNull(b.id, "slice id must not be null");
        this.name = checkNotNull(b.name, "slice name must not be null");
        this.tenant = checkNotNull(b.tenant, "tenant must not be null");
        this.vlan = checkNotNull(b.vlan, "VLAN must not be null");
        this.quotaBps = b.quotaBps;
        this.burstBytes = b.burstBytes;
        this.endpoints = ImmutableSet.copyOf(b.endpoints);
        this.trunkLinks = ImmutableSet.copyOf(b.trunkLinks);
        this.state = checkNotNull(b.state, "state must not be null");
        this.reason = b.reason;

        this.modes = SlicePorts.modes(endpoints, trunkLinks);
        this.portsByDevice = SlicePorts.byDevice(modes.keySet());
    }

    /**
     * Returns a new builder.
     *
     * @return builder
     */
    public static SliceBuilder builder() {
        return new SliceBuilder();
    }

    /**
     * Returns a builder initialised with this slice.
     *
     * @return builder
     */
    public SliceBuilder toBuilder() {
        return new SliceBuilder().id(id).name(name).tenant(tenant).vlan(vlan).quotaBps(quotaBps)
                .burstBytes(burstBytes).endpoints(endpoints).trunkLinks(trunkLinks).state(state)
                .reason(reason);
    }

    /**
     * Returns the slice id.
     *
     * @return id
     */
    public SliceId id() {
        return id;
    }

    /**
     * Returns the name (unique per tenant).
     *
     * @return name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the tenant.
     *
     * @return tenant
     */
    public TenantId tenant() {
        return tenant;
    }

    /**
     * Returns the slice's VLAN (unique across the testbed).
     *
     * @return VLAN
     */
    public VlanId vlan() {
        return vlan;
    }

    /**
     * Returns the quota in bits per second.
     *
     * @return quota
     */
    public long quotaBps() {
        return quotaBps;
    }

    /**
     * Returns the meter burst in bytes.
     *
     * @return burst
     */
    public long burstBytes() {
        return burstBytes;
    }

    /**
     * Returns the endpoints as requested.
     *
     * @return endpoints
     */
    public Set<Endpoint> endpoints() {
        return endpoints;
    }

    /**
     * Returns the inter-switch links the slice crosses (one direction per hop; both ends carry the
     * slice tagged).
     *
     * @return links
     */
    public Set<Link> trunkLinks() {
        return trunkLinks;
    }

    /**
     * Returns the devices of the slice: its endpoints' and links' devices, ordered by device id.
     *
     * @return devices
     */
    public Set<DeviceId> devices() {
        return portsByDevice.keySet();
    }

    /**
     * Returns every port of the slice (endpoints and link ends), ordered by device and port.
     *
     * @return ports
     */
    public Set<ConnectPoint> ports() {
        return modes.keySet();
    }

    /**
     * Returns the slice's ports on a device (endpoints and link ends), ordered by port.
     *
     * @param deviceId device
     * @return ports, empty if the slice has none there
     */
    public Set<ConnectPoint> ports(DeviceId deviceId) {
        Set<ConnectPoint> ports = portsByDevice.get(deviceId);
        return ports == null ? ImmutableSet.of() : ports;
    }

    /**
     * Tells whether a port belongs to the slice.
     *
     * @param port connect point
     * @return true if it is an endpoint or a link end of the slice
     */
    public boolean hasPort(ConnectPoint port) {
        return modes.containsKey(port);
    }

    /**
     * Returns how the slice uses one of its ports. Link ends are trunk ports.
     *
     * @param port a port of the slice
     * @return mode
     * @throws IllegalArgumentException if the port is not a port of the slice
     */
    public EndpointMode modeOf(ConnectPoint port) {
        EndpointMode mode = modes.get(port);
        checkArgument(mode != null, "%s is not a port of slice %s", port, id);
        return mode;
    }

    /**
     * Returns the life-cycle state.
     *
     * @return state
     */
    public SliceState state() {
        return state;
    }

    /**
     * Returns why the slice is in its state (set when {@link SliceState#FAILED}).
     *
     * @return reason
     */
    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    /**
     * Returns a copy of this slice in another state.
     *
     * @param newState state
     * @param newReason reason, or null
     * @return slice
     */
    public Slice withState(SliceState newState, String newReason) {
        return toBuilder().state(newState).reason(newReason).build();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Slice)) {
            return false;
        }
        Slice that = (Slice) o;
        return quotaBps == that.quotaBps && burstBytes == that.burstBytes && id.equals(that.id)
                && name.equals(that.name) && tenant.equals(that.tenant) && vlan.equals(that.vlan)
                && endpoints.equals(that.endpoints) && trunkLinks.equals(that.trunkLinks)
                && state == that.state && Objects.equals(reason, that.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, tenant, vlan, quotaBps, burstBytes, endpoints, trunkLinks, state, reason);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues()
                .add("id", id).add("name", name).add("tenant", tenant).add("vlan", vlan)
                .add("quotaBps", quotaBps).add("burstBytes", burstBytes).add("endpoints", endpoints)
                .add("trunkLinks", trunkLinks).add("state", state).add("reason", reason)
                .toString();
    }
}

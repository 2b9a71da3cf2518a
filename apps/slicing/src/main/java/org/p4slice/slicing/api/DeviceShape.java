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
import com.google.common.collect.ImmutableList;
import com.google.common.hash.Hashing;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What one device was asked to hold for a slice, in short: the slice's fingerprint (which version of
 * the slice: its id, tenant, name, VLAN, quota, burst, endpoints and trunk links), its VLAN, quota
 * and burst, and its access ports (untagged) and trunk ports (tagged with its VLAN: its trunk endpoints
 * and the ends of its trunk links) on that device. Two outcomes are for the same version of
 * a slice exactly when their fingerprints are equal.
 */
public final class DeviceShape {

    private static final Comparator<PortNumber> BY_PORT = Comparator.comparingLong(PortNumber::toLong);

    private final String fingerprint;
    private final int vlan;
    private final long quotaBps;
    private final long burstBytes;
    private final List<String> accessPorts;
    private final List<String> trunkPorts;

    private DeviceShape(String fingerprint, int vlan, long quotaBps, long burstBytes, List<String> accessPorts,
                        List<String> trunkPorts) {
        this.fingerprint = checkNotNull(fingerprint, "fingerprint must not be null");
        this.vlan = vlan;
        this.quotaBps = quotaBps;
        this.burstBytes = burstBytes;
        this.accessPorts = ImmutableList.copyOf(accessPorts);
        this.trunkPorts = ImmutableList.copyOf(trunkPorts);
    }

    /**
     * Returns what a device is asked to hold of a slice (nothing but the fingerprint, VLAN and
     * rates if the slice has no port there, e.g. a device the slice left).
     *
     * @param slice  the slice (state and reason aside)
     * @param device device
     * @return its shape on that device
     */
    public static DeviceShape of(Slice slice, DeviceId device) {
        checkNotNull(device, "device id must not be null");
        List<String> access = ports(slice.endpoints().stream().filter(e -> e.mode() == EndpointMode.ACCESS)
                                            .map(Endpoint::connectPoint), device);
        List<String> trunks = ports(Stream.concat(
                slice.endpoints().stream().filter(e -> e.mode() == EndpointMode.TRUNK).map(Endpoint::connectPoint),
                slice.trunkLinks().stream().flatMap(l -> Stream.of(l.src(), l.dst()))), device);
        return new DeviceShape(fingerprint(slice), slice.vlan().toShort(), slice.quotaBps(), slice.burstBytes(),
                               access, trunks);
    }

    /**
     * Returns the fingerprint of a slice's version: a hash of everything but its state and reason.
     *
     * @param slice slice
     * @return 16 hexadecimal digits
     */
    public static String fingerprint(Slice slice) {
        String shape = slice.id() + "|" + slice.tenant() + "|" + slice.name() + "|" + slice.vlan() + "|"
                + slice.quotaBps() + "|" + slice.burstBytes() + "|"
                + new TreeSet<>(slice.endpoints().stream().map(e -> point(e.connectPoint()) + "(" + e.mode() + ")")
                                        .collect(Collectors.toSet())) + "|"
                + new TreeSet<>(slice.trunkLinks().stream().map(DeviceShape::link).collect(Collectors.toSet()));
        return String.format("%016x", Hashing.murmur3_128().hashString(shape, StandardCharsets.UTF_8).asLong());
    }

    /**
     * Tells whether this is the shape of the slice's current version.
     *
     * @param slice the slice as stored
     * @return true if the fingerprints are equal
     */
    public boolean isOf(Slice slice) {
        return fingerprint.equals(fingerprint(slice));
    }

    /**
     * Returns the fingerprint of the slice's version.
     *
     * @return 16 hexadecimal digits
     */
    public String fingerprint() {
        return fingerprint;
    }

    /**
     * Returns the slice's VLAN.
     *
     * @return VLAN id
     */
    public int vlan() {
        return vlan;
    }

    /**
     * Returns the slice's quota.
     *
     * @return bit/s
     */
    public long quotaBps() {
        return quotaBps;
    }

    /**
     * Returns the slice's burst.
     *
     * @return bytes
     */
    public long burstBytes() {
        return burstBytes;
    }

    /**
     * Returns the slice's access ports (untagged endpoints) on the device, by port number.
     *
     * @return port numbers
     */
    public List<String> accessPorts() {
        return accessPorts;
    }

    /**
     * Returns the slice's trunk ports on the device (tagged: trunk endpoints and trunk link ends), by
     * port number.
     *
     * @return port numbers
     */
    public List<String> trunkPorts() {
        return trunkPorts;
    }

    private static List<String> ports(Stream<ConnectPoint> points, DeviceId device) {
        return points.filter(cp -> cp.deviceId().equals(device)).map(ConnectPoint::port).distinct()
                .sorted(BY_PORT).map(p -> Long.toString(p.toLong())).collect(Collectors.toList());
    }

    private static String link(Link link) {
        return point(link.src()) + "-" + point(link.dst());
    }

    // A port by its number only: ONOS names the ports it discovered ("[s1-eth3](3)"), not those of a request.
    private static String point(ConnectPoint cp) {
        return cp.deviceId() + "/" + cp.port().toLong();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DeviceShape)) {
            return false;
        }
        DeviceShape that = (DeviceShape) o;
        return vlan == that.vlan && quotaBps == that.quotaBps && burstBytes == that.burstBytes
                && fingerprint.equals(that.fingerprint) && accessPorts.equals(that.accessPorts)
                && trunkPorts.equals(that.trunkPorts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(fingerprint, vlan, quotaBps, burstBytes, accessPorts, trunkPorts);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("fingerprint", fingerprint).add("vlan", vlan)
                .add("quotaBps", quotaBps).add("burstBytes", burstBytes).add("accessPorts", accessPorts)
                .add("trunkPorts", trunkPorts).toString();
    }
}

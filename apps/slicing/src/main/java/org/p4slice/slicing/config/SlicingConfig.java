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
package org.p4slice.slicing.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.Config;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.VlanPool;
import org.p4slice.slicing.json.SliceRequestJson;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Network configuration of the slicing app: {@code apps → org.p4slice → p4slice}.
 * <pre>
 * {
 *   "guardBand": 0.05,
 *   "vlanPool": "100-3999",
 *   "tenants": ["itb", "ufrgs"],
 *   "capacityOverrides": {"device:bmv2:s1/1": 1000000000},
 *   "infrastructurePorts": ["device:bmv2:s1/3", "device:bmv2:s2/3"],
 *   "slices": [{"name": "itb-lab1", "tenant": "itb", "quotaBps": 25000000,
 *               "endpoints": [{"device": "device:bmv2:s1", "port": 1, "mode": "access"}]}]
 * }
 * </pre>
 * Every field is optional. {@code guardBand} overrides the component property of the same name.
 * Once {@code tenants} is present, only those tenants may own slices. The {@code slices} use the
 * REST request shape and are created as if POSTed. Once {@code infrastructurePorts} is present, only
 * links whose both ends are listed there carry slices' trunks, and link probes (LLDP, BDDP) are taken
 * from those ports only; without it every link ONOS discovered may carry trunks and probes are refused
 * on the slices' access ports only.
 */
public final class SlicingConfig extends Config<ApplicationId> {

    /** Application name of p4slice, also the subject its network configuration is registered under. */
    public static final String APP_NAME = "org.p4slice";
    /** Configuration key. */
    public static final String KEY = "p4slice";

    /** Guard band field. */
    public static final String GUARD_BAND = "guardBand";
    /** VLAN pool field. */
    public static final String VLAN_POOL = "vlanPool";
    /** Tenants field. */
    public static final String TENANTS = "tenants";
    /** Capacity overrides field. */
    public static final String CAPACITY_OVERRIDES = "capacityOverrides";
    /** Declarative slices field. */
    public static final String SLICES = "slices";
    /** The ports between switches the operator declares (trunks run on links between them only). */
    public static final String INFRASTRUCTURE_PORTS = "infrastructurePorts";


    @Override
    public boolean isValid() {
        return validationError().isEmpty();
    }

    /**
     * Returns what is wrong with the configuration.
     *
     * @return the first problem found, or empty if the configuration is valid
     */
    public Optional<String> validationError() {
        Set<String> allowed = ImmutableSet.of(GUARD_BAND, VLAN_POOL, TENANTS, CAPACITY_OVERRIDES, SLICES,
                                              INFRASTRUCTURE_PORTS);
        List<String> fields = fieldNames(object);
        if (!allowed.containsAll(fields)) {
            return Optional.of("p4slice config: only " + GUARD_BAND + ", " + VLAN_POOL + ", " + TENANTS + ", "
                    + CAPACITY_OVERRIDES + ", " + SLICES + " and " + INFRASTRUCTURE_PORTS + " are allowed, got "
                    + fields);
        }
        try {
            infrastructurePorts();
            guardBand();
            vlanPool();
            tenants();
            capacityOverrides();
            slices();
            return Optional.empty();
        } catch (IllegalArgumentException | NullPointerException e) {
            return Optional.of("p4slice config: " + e.getMessage());
        }
    }

    /**
     * Returns the guard band, if configured.
     *
     * @return epsilon in [0, 1)
     * @throws IllegalArgumentException if it is not a number in [0, 1)
     */
    public Optional<Double> guardBand() {
        JsonNode n = object.get(GUARD_BAND);
        if (n == null || n.isNull()) {
            return Optional.empty();
        }
        if (!n.isNumber()) {
            throw new IllegalArgumentException(GUARD_BAND + " must be a number, got " + n);
        }
        double guardBand = n.asDouble();
        if (!(guardBand >= 0 && guardBand < 1)) {
            throw new IllegalArgumentException(GUARD_BAND + " must be in [0, 1), got " + n);
        }
        return Optional.of(guardBand);
    }

    /**
     * Returns the VLAN pool ({@value VlanPool#DEFAULT} if not configured).
     *
     * @return pool
     * @throws IllegalArgumentException if it is malformed
     */
    public VlanPool vlanPool() {
        JsonNode n = object.get(VLAN_POOL);
        if (n == null || n.isNull()) {
            return VlanPool.parse(VlanPool.DEFAULT);
        }
        if (!n.isTextual()) {
            throw new IllegalArgumentException(VLAN_POOL + " must be a string such as \"100-3999\", got " + n);
        }
        return VlanPool.parse(n.asText());
    }

    /**
     * Returns the tenants allowed to own slices, if configured (then only those are).
     *
     * @return tenants
     * @throws IllegalArgumentException if an entry is not a valid tenant id
     */
    public Optional<Set<TenantId>> tenants() {
        JsonNode n = object.get(TENANTS);
        if (n == null || n.isNull()) {
            return Optional.empty();
        }
        if (!n.isArray()) {
            throw new IllegalArgumentException(TENANTS + " must be an array of strings, got " + n);
        }
        ImmutableSet.Builder<TenantId> b = ImmutableSet.builder();
        for (JsonNode t : n) {
            if (!t.isTextual()) {
                throw new IllegalArgumentException(TENANTS + " must be an array of strings, got " + t);
            }
            b.add(TenantId.of(t.asText()));
        }
        return Optional.of(b.build());
    }

    /**
     * Returns the ports the operator declares as infrastructure (between switches), if declared.
     *
     * @return ports; empty if not declared (then every discovered link may carry trunks)
     * @throws IllegalArgumentException if it is not an array of ports such as "device:bmv2:s1/3"
     */
    public Optional<Set<ConnectPoint>> infrastructurePorts() {
        JsonNode n = object.get(INFRASTRUCTURE_PORTS);
        if (n == null || n.isNull()) {
            return Optional.empty();
        }
        if (!n.isArray()) {
            throw new IllegalArgumentException(INFRASTRUCTURE_PORTS
                    + " must be an array of ports such as \"device:bmv2:s1/3\", got " + n);
        }
        ImmutableSet.Builder<ConnectPoint> b = ImmutableSet.builder();
        for (JsonNode p : n) {
            try {
                b.add(ConnectPoint.deviceConnectPoint(p.asText()));
            } catch (IllegalArgumentException | IndexOutOfBoundsException ex) {
                throw new IllegalArgumentException(INFRASTRUCTURE_PORTS + ": " + p
                        + " is not a port such as \"device:bmv2:s1/3\"");
            }
            if (!p.isTextual()) {
                throw new IllegalArgumentException(INFRASTRUCTURE_PORTS + ": " + p
                        + " is not a port such as \"device:bmv2:s1/3\"");
            }
        }
        return Optional.of(b.build());
    }

    /**
     * Returns the port capacities that replace the speeds the devices report.
     *
     * @return port to bits per second
     * @throws IllegalArgumentException if a key is not a connect point or a value not a positive integer
     */
    public Map<ConnectPoint, Long> capacityOverrides() {
        JsonNode n = object.get(CAPACITY_OVERRIDES);
        if (n == null || n.isNull()) {
            return ImmutableMap.of();
        }
        if (!n.isObject()) {
            throw new IllegalArgumentException(CAPACITY_OVERRIDES
                    + " must be an object {\"device:...:s1/1\": bitsPerSecond}, got " + n);
        }
        ImmutableMap.Builder<ConnectPoint, Long> b = ImmutableMap.builder();
        Iterator<Map.Entry<String, JsonNode>> it = n.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            ConnectPoint cp;
            try {
                cp = ConnectPoint.deviceConnectPoint(e.getKey());
            } catch (IllegalArgumentException | IndexOutOfBoundsException ex) {
                throw new IllegalArgumentException(CAPACITY_OVERRIDES + ": \"" + e.getKey()
                        + "\" is not a port such as \"device:bmv2:s1/1\"");
            }
            JsonNode v = e.getValue();
            if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() <= 0) {
                throw new IllegalArgumentException(CAPACITY_OVERRIDES + ": capacity of " + e.getKey()
                        + " must be a positive integer (bits/s), got " + v);
            }
            b.put(cp, v.asLong());
        }
        return b.build();
    }

    /**
     * Returns the slices the configuration declares.
     *
     * @return requests
     * @throws IllegalArgumentException if one is malformed
     */
    public List<SliceRequest> slices() {
        JsonNode n = object.get(SLICES);
        if (n == null || n.isNull()) {
            return ImmutableList.of();
        }
        if (!n.isArray()) {
            throw new IllegalArgumentException(SLICES + " must be an array of slice requests, got " + n);
        }
        ImmutableList.Builder<SliceRequest> b = ImmutableList.builder();
        int i = 0;
        for (JsonNode s : n) {
            try {
                b.add(SliceRequestJson.request(s));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(SLICES + "[" + i + "]: " + e.getMessage(), e);
            }
            i++;
        }
        return b.build();
    }

    private static List<String> fieldNames(JsonNode node) {
        return ImmutableList.copyOf(node.fieldNames());
    }
}

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

import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Tenant;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.Config;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The tenants, netcfg {@code apps} &rarr; {@code org.p4slice} &rarr; {@code tenants}:
 * <pre>
 * {"itb": {"name": "ITB", "users": ["alice"], "maxSlices": 4, "maxBps": 40000000,
 *          "maxBookingHours": 48, "maxLeadDays": 90}, ...}
 * </pre>
 * Each key is a tenant id; {@code name} (default: the id) and {@code users} (the ONOS users who
 * act for it, each in at most one tenant) describe it; the four caps are optional non-negative
 * integers, 0 or absent meaning no cap of the tenant's own.
 */
public final class TenantConfig extends Config<ApplicationId> {

    /** Configuration key under the application. */
    public static final String KEY = "tenants";
    /** Display name field. */
    public static final String NAME = "name";
    /** Users field. */
    public static final String USERS = "users";
    /** Most slices field. */
    public static final String MAX_SLICES = "maxSlices";
    /** Most total quota field. */
    public static final String MAX_BPS = "maxBps";
    /** Longest booking field. */
    public static final String MAX_BOOKING_HOURS = "maxBookingHours";
    /** Lead time field. */
    public static final String MAX_LEAD_DAYS = "maxLeadDays";

    private static final Set<String> FIELDS = ImmutableSet.of(NAME, USERS, MAX_SLICES, MAX_BPS, MAX_BOOKING_HOURS,
                                                              MAX_LEAD_DAYS);

    @Override
    public boolean isValid() {
        return validationError().isEmpty();
    }

    /**
     * Returns what is wrong with the configuration.
     *
     * @return the first problem found, or empty if it is valid
     */
    public Optional<String> validationError() {
        try {
            tenants();
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of("tenants config: " + e.getMessage());
        }
    }

    /**
     * Returns the tenants.
     *
     * @return tenants by id
     * @throws IllegalArgumentException if the configuration is malformed or lists a user twice
     */
    public Map<TenantId, Tenant> tenants() {
        if (!node.isObject()) {
            throw new IllegalArgumentException("must be an object {\"<tenant id>\": {...}}, got " + node);
        }
        ImmutableMap.Builder<TenantId, Tenant> b = ImmutableMap.builder();
        Map<String, TenantId> userOf = new HashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            TenantId id = TenantId.of(e.getKey());
            Tenant t = tenant(id, e.getValue());
            for (String user : t.users()) {
                TenantId other = userOf.put(user, id);
                if (other != null) {
                    throw new IllegalArgumentException("user \"" + user + "\" is listed by tenants " + other
                            + " and " + id + "; a user acts for one tenant");
                }
            }
            b.put(id, t);
        }
        return b.build();
    }

    private static Tenant tenant(TenantId id, JsonNode n) {
        if (!n.isObject()) {
            throw new IllegalArgumentException(id + " must be an object, got " + n);
        }
        for (String f : ImmutableList.copyOf(n.fieldNames())) {
            if (!FIELDS.contains(f)) {
                throw new IllegalArgumentException(id + ": unknown field \"" + f + "\" (allowed: " + FIELDS + ")");
            }
        }
        JsonNode name = n.get(NAME);
        if (name != null && !name.isTextual()) {
            throw new IllegalArgumentException(id + "." + NAME + " must be a string, got " + name);
        }
        ImmutableSet.Builder<String> users = ImmutableSet.builder();
        JsonNode u = n.get(USERS);
        if (u != null) {
            if (!u.isArray()) {
                throw new IllegalArgumentException(id + "." + USERS + " must be an array of user names, got " + u);
            }
            for (JsonNode user : u) {
                if (!user.isTextual() || user.asText().isEmpty()) {
                    throw new IllegalArgumentException(id + "." + USERS + " must hold non-empty strings, got "
                            + user);
                }
                users.add(user.asText());
            }
        }
        long maxSlices = cap(id, n, MAX_SLICES, Integer.MAX_VALUE);
        return Tenant.builder(id).name(name == null ? null : name.asText()).users(users.build())
                .caps((int) maxSlices, cap(id, n, MAX_BPS, Long.MAX_VALUE),
                      cap(id, n, MAX_BOOKING_HOURS, Long.MAX_VALUE / 3_600_000L),
                      cap(id, n, MAX_LEAD_DAYS, Long.MAX_VALUE / 86_400_000L))
                .build();
    }

    private static long cap(TenantId id, JsonNode n, String field, long max) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            return 0;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0 || v.asLong() > max) {
            throw new IllegalArgumentException(id + "." + field + " must be an integer in 0.." + max + ", got " + v);
        }
        return v.asLong();
    }
}

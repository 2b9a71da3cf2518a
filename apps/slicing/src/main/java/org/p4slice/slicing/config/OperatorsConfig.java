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
import com.google.common.collect.ImmutableSet;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.Config;

import java.util.Optional;
import java.util.Set;

/**
 * The operators of the testbed, netcfg {@code apps} &rarr; {@code org.p4slice} &rarr;
 * {@code operators}:
 * <pre>
 * {"users": ["onos", "noc-ana"]}
 * </pre>
 * The ONOS users listed see and change every slice, booking and audit entry, whatever their ONOS
 * roles. Without this block an ONOS admin is an operator only while no {@code tenants} block
 * exists either (a fresh install); once tenants are configured, only listed users are operators.
 * A user who is also listed by a tenant acts for that tenant.
 */
public final class OperatorsConfig extends Config<ApplicationId> {

    /** Configuration key under the application. */
    public static final String KEY = "operators";
    /** Users field. */
    public static final String USERS = "users";

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
            users();
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of("operators config: " + e.getMessage());
        }
    }

    /**
     * Returns the operators' user names.
     *
     * @return user names
     * @throws IllegalArgumentException if the configuration is malformed
     */
    public Set<String> users() {
        if (!node.isObject()) {
            throw new IllegalArgumentException("must be an object {\"" + USERS + "\": [...]}, got " + node);
        }
        for (String f : ImmutableList.copyOf(node.fieldNames())) {
            if (!USERS.equals(f)) {
                throw new IllegalArgumentException("unknown field \"" + f + "\" (allowed: [" + USERS + "])");
            }
        }
        JsonNode list = node.get(USERS);
        if (list == null || !list.isArray()) {
            throw new IllegalArgumentException(USERS + " must be an array of user names, got " + list);
        }
        ImmutableSet.Builder<String> users = ImmutableSet.builder();
        for (JsonNode user : list) {
            if (!user.isTextual() || user.asText().isEmpty()) {
                throw new IllegalArgumentException(USERS + " must hold non-empty strings, got " + user);
            }
            users.add(user.asText());
        }
        return users.build();
    }
}

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

import org.onlab.util.Identifier;

import java.util.regex.Pattern;

/**
 * Identifier of a tenant (a group of users of the testbed, e.g. a lab or a course): a non-empty
 * string of at most 64 characters from {@code [A-Za-z0-9._-]}.
 */
public final class TenantId extends Identifier<String> implements Comparable<TenantId> {

    /** Longest tenant id. */
    public static final int MAX_LENGTH = 64;

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9._-]+");

    private TenantId(String id) {
        super(id);
    }

    // for serialization
    private TenantId() {
        super();
    }

    /**
     * Returns the tenant id with the given name.
     *
     * @param id tenant name
     * @return tenant id
     * @throws IllegalArgumentException if the name is null, empty, longer than 64 characters or
     *                                  has a character outside {@code [A-Za-z0-9._-]}
     */
    public static TenantId of(String id) {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException("tenant must not be empty");
        }
        if (id.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("tenant must have at most " + MAX_LENGTH
                    + " characters, got " + id.length());
        }
        if (!VALID.matcher(id).matches()) {
            throw new IllegalArgumentException("tenant may only contain A-Z a-z 0-9 . _ -, got \"" + id + "\"");
        }
        return new TenantId(id);
    }

    @Override
    public int compareTo(TenantId other) {
        return identifier.compareTo(other.identifier);
    }
}

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
package org.p4slice.web;

import java.security.Principal;
import java.util.Objects;

/**
 * The principal of a tenant's user, as p4slice's own authentication made it
 * ({@link BasicAuthenticationFilter}, from the tenant-user store): the one thing that makes a
 * request's user a tenant's user ({@link Callers#of}). Nothing else creates one, and ONOS's Karaf
 * realm never does, so an ONOS user cannot pose as a tenant's user of the same name, nor the
 * other way round.
 */
public final class TenantUserPrincipal implements Principal {

    private final String name;

    /**
     * Creates the principal of an authenticated tenant's user.
     *
     * @param name user name
     */
    public TenantUserPrincipal(String name) {
        this.name = Objects.requireNonNull(name);
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TenantUserPrincipal && name.equals(((TenantUserPrincipal) o).name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return "tenant user " + name;
    }
}

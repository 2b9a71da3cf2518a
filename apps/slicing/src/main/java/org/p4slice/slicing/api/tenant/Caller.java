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
package org.p4slice.slicing.api.tenant;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Who asks: the user name a front end authenticated, and which kind of user it is. There are two
 * kinds, told apart by how they were authenticated and never by their names:
 * <ul>
 * <li>an ONOS user ({@link #of(String, boolean)}): authenticated by ONOS's own Karaf realm
 * {@code karaf} (REST, CLI, ONOS's classic GUI), with whether it holds ONOS's admin role as far as
 * the front end knows it (ONOS's GUI does not tell: it passes false);</li>
 * <li>a tenant's user ({@link #tenantUser(String)}): a university's user, authenticated by p4slice's
 * own tenant-user store ({@link TenantUserService#authenticate}), which has no account in ONOS at
 * all. Only p4slice's web front end (its REST API and the tenant portal) authenticates such users.</li>
 * </ul>
 * Every front end builds one per request and passes it to the tenant gate ({@link TenantGateService})
 * and the audit log ({@link AuditService}), which decide what the caller sees and may do
 * ({@link TenantService#scope(Caller)}): a tenant's user acts for the tenant the store gives it; an
 * ONOS user is an operator if netcfg {@code apps.org.p4slice.operators} names it, or, while neither
 * that block nor a tenants block exists (a fresh install), if it holds ONOS's admin role; nobody
 * else sees anything. An ONOS user named like a tenant's user is not that tenant's user, and a
 * tenant's user named like an operator is no operator.
 */
public final class Caller {

    private static final Caller ANONYMOUS = new Caller("", false, false);

    private final String user;
    private final boolean admin;
    private final boolean tenantUser;

    private Caller(String user, boolean admin, boolean tenantUser) {
        this.user = checkNotNull(user, "user must not be null");
        this.admin = admin;
        this.tenantUser = tenantUser;
    }

    /**
     * Returns a caller.
     *
     * @param user  user name as authenticated by ONOS's Karaf realm
     * @param admin whether the user holds ONOS's admin role
     * @return caller (an ONOS user)
     */
    public static Caller of(String user, boolean admin) {
        return new Caller(user, admin, false);
    }

    /**
     * Returns a tenant's user, as p4slice's tenant-user store authenticated it.
     *
     * @param user user name in the tenant-user store
     * @return caller (a tenant's user, never an admin)
     */
    public static Caller tenantUser(String user) {
        return new Caller(user, false, true);
    }

    /**
     * Returns whether the caller is a tenant's user (authenticated by p4slice's tenant-user store),
     * rather than an ONOS user.
     *
     * @return true for a tenant's user
     */
    public boolean isTenantUser() {
        return tenantUser;
    }

    /**
     * Returns the caller of a request that carries no identity: it sees nothing and may do nothing.
     *
     * @return anonymous caller
     */
    public static Caller anonymous() {
        return ANONYMOUS;
    }

    /**
     * Returns the user name ("" when anonymous).
     *
     * @return user name
     */
    public String user() {
        return user;
    }

    /**
     * Returns whether the user holds ONOS's admin role.
     *
     * @return true for an admin
     */
    public boolean isAdmin() {
        return admin;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Caller)) {
            return false;
        }
        Caller c = (Caller) o;
        return admin == c.admin && tenantUser == c.tenantUser && user.equals(c.user);
    }

    @Override
    public int hashCode() {
        return Objects.hash(user, admin, tenantUser);
    }

    @Override
    public String toString() {
        return (user.isEmpty() ? "(anonymous)" : user) + (admin ? " (admin)" : "")
                + (tenantUser ? " (tenant user)" : "");
    }
}

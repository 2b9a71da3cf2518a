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
 * Who asks: the user name a front end authenticated and whether that user holds ONOS's admin
 * role. Every front end builds one per request and passes it to the tenant gate
 * ({@link TenantGateService}) and the audit log ({@link AuditService}), which decide what the
 * caller sees and may do ({@link TenantService#scope(Caller)}):
 * <ul>
 * <li>REST: {@code Caller.of(securityContext.getUserPrincipal().getName(),
 * securityContext.isUserInRole("admin"))} ({@link #anonymous()} without a principal);</li>
 * <li>CLI: the Karaf shell session's JAAS subject (its user principal, and a role principal
 * {@code admin});</li>
 * <li>GUI: the user of the GUI connection ({@link #anonymous()} for ONOS's "unknown" user of a
 * socket without a login session), as an admin: ONOS's classic GUI serves its page, and with it
 * the socket's token, to admins only; the tenant portal's connection carries the caller the web
 * container authenticated, roles included.</li>
 * </ul>
 * The admin flag alone gives nothing: a user listed by a tenant acts for that tenant whatever
 * its roles; operators are the users named by netcfg {@code apps.org.p4slice.operators}; only
 * while neither that block nor a tenants block exists (a fresh install) is every admin an
 * operator.
 */
public final class Caller {

    private static final Caller ANONYMOUS = new Caller("", false);

    private final String user;
    private final boolean admin;

    private Caller(String user, boolean admin) {
        this.user = checkNotNull(user, "user must not be null");
        this.admin = admin;
    }

    /**
     * Returns a caller.
     *
     * @param user  user name as authenticated (ONOS/Karaf user)
     * @param admin whether the user holds ONOS's admin role
     * @return caller
     */
    public static Caller of(String user, boolean admin) {
        return new Caller(user, admin);
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
        return admin == c.admin && user.equals(c.user);
    }

    @Override
    public int hashCode() {
        return Objects.hash(user, admin);
    }

    @Override
    public String toString() {
        return (user.isEmpty() ? "(anonymous)" : user) + (admin ? " (admin)" : "");
    }
}

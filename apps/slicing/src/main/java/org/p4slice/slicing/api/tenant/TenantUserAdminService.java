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

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;

import java.util.SortedSet;

/**
 * The operators' administration of the tenants' users. Every call is an operator's only: anyone
 * else is refused with one message that tells nothing about tenants or users (FORBIDDEN). A refusal
 * changes nothing; every add and remove, done or refused, is recorded in the audit log (never
 * with the password).
 */
public interface TenantUserAdminService extends TenantUserService {

    /** What a caller who is not an operator is told, whatever it asked. */
    String NOT_OPERATOR = "only a p4slice operator manages tenants' users";
    /** Shortest password accepted. */
    int MIN_PASSWORD_CHARS = 8;
    /** Longest password accepted. */
    int MAX_PASSWORD_CHARS = 128;
    /** Longest user name accepted. */
    int MAX_NAME_CHARS = 64;
    /** What a user name is made of. */
    String NAME_PATTERN = "[a-z][a-z0-9._-]*";

    /**
     * Adds a tenant's user.
     *
     * @param caller   who asks (an operator)
     * @param tenant   the configured tenant it acts for
     * @param user     its name: {@value #NAME_PATTERN}, at most {@value #MAX_NAME_CHARS} characters,
     *                 not the name of a configured operator
     * @param password its password: {@value #MIN_PASSWORD_CHARS} to {@value #MAX_PASSWORD_CHARS}
     *                 characters, no control characters (not kept; the caller may clear it afterwards)
     * @throws SlicingException FORBIDDEN for a caller who is not an operator, NOT_FOUND for a tenant
     *                          that is not configured, INVALID for a bad name or password or a name
     *                          of an operator, CONFLICT if the name is taken
     */
    void addUser(Caller caller, TenantId tenant, String user, char[] password);

    /**
     * Removes a tenant's user; its verifications cached anywhere in the cluster are dropped.
     *
     * @param caller who asks (an operator)
     * @param tenant the tenant it acts for
     * @param user   its name
     * @throws SlicingException FORBIDDEN for a caller who is not an operator, NOT_FOUND for a tenant
     *                          that is not configured or a user it does not have
     */
    void removeUser(Caller caller, TenantId tenant, String user);

    /**
     * Returns the names of a tenant's users, for an operator.
     *
     * @param caller who asks (an operator)
     * @param tenant the tenant
     * @return user names, ordered
     * @throws SlicingException FORBIDDEN for a caller who is not an operator, NOT_FOUND for a tenant
     *                          that is not configured
     */
    SortedSet<String> listUsers(Caller caller, TenantId tenant);
}

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

import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The cluster-wide store of the tenants' users (p4slice's own, never ONOS's netcfg).
 */
public interface TenantUserStore {

    /**
     * Returns a user's record.
     *
     * @param user user name
     * @return record, or empty
     */
    Optional<TenantUserRecord> get(String user);

    /**
     * Stores a new user.
     *
     * @param record record
     * @return false (and nothing stored) if a user of that name exists
     */
    boolean putIfAbsent(TenantUserRecord record);

    /**
     * Removes a user.
     *
     * @param record the record as read
     * @return false (and nothing removed) if the stored record is not that one
     */
    boolean remove(TenantUserRecord record);

    /**
     * Returns every record.
     *
     * @return records by user name
     */
    Map<String, TenantUserRecord> getAll();

    /**
     * Sets who hears of every change of a user on any instance (its name).
     *
     * @param listener listener, or null for none
     */
    void setChangeListener(Consumer<String> listener);
}

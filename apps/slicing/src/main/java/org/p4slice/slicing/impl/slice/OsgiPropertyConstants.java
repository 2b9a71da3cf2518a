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

package org.p4slice.slicing.impl.slice;

/**
 * Names and defaults of the slice manager's component configuration properties
 * ({@code cfg set org.p4slice.slicing.impl.slice.SliceManager <name> <value>}).
 */
final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    /**
     * Most hosts per access port whose unicast entries a slice installs (&gt;= 1); the frames of
     * further hosts flood within the slice.
     */
    public static final String MAX_HOSTS_PER_ACCESS_PORT = "maxHostsPerAccessPort";
    /**
     * Default cap: 64 hosts per access port. Each host kept takes one {@code l2_forward} entry on
     * every switch of its slice, so with both switches of the testbed holding 64 access ports each,
     * the caps together stay within half of the table's 16,384 entries.
     */
    public static final int MAX_HOSTS_PER_ACCESS_PORT_DEFAULT = 64;
}

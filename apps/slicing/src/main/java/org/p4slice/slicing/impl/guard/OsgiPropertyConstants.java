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
package org.p4slice.slicing.impl.guard;

/**
 * Names and defaults of the control-plane guard's component configuration properties
 * ({@code cfg set org.p4slice.slicing.impl.guard.ControlPlaneGuard <name> <value>}).
 */
final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    /** Most hosts ONOS learns at one access port of a slice (&gt;= 1); packets of further hosts are not given to it. */
    public static final String MAX_HOSTS_LEARNED_PER_ACCESS_PORT = "maxHostsLearnedPerAccessPort";
    /** Default: 64, the slice manager's default cap of hosts given unicast entries per access port. */
    public static final int MAX_HOSTS_LEARNED_PER_ACCESS_PORT_DEFAULT = 64;
}

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
package org.p4slice.slicing.impl;

import com.google.common.collect.ImmutableMap;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.VlanPool;

import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The settings in effect, merged from the component configuration ({@code guardBand}) and the
 * network configuration ({@link SlicingConfig}; its {@code guardBand} wins over the component's).
 * Guard band and capacity overrides are pushed into admission control.
 */
final class SlicingSettings {

    private static final VlanPool DEFAULT_POOL = VlanPool.parse(VlanPool.DEFAULT);

    private final AdmissionControl admission;

    private volatile double componentGuardBand = OsgiPropertyConstants.GUARD_BAND_DEFAULT;
    private volatile Optional<Double> netcfgGuardBand = Optional.empty();
    private volatile VlanPool pool = DEFAULT_POOL;
    private volatile Optional<Set<TenantId>> tenants = Optional.empty();

    /**
     * Creates the settings with their defaults.
     *
     * @param admission admission control to keep up to date
     */
    SlicingSettings(AdmissionControl admission) {
        this.admission = checkNotNull(admission);
        admission.setGuardBand(componentGuardBand);
    }

    /**
     * Sets the guard band of the component configuration.
     *
     * @param eps fraction in [0, 1)
     * @throws IllegalArgumentException if out of range
     */
    void setComponentGuardBand(double eps) {
        checkArgument(eps >= 0 && eps < 1, "guardBand must be in [0, 1), got %s", eps);
        componentGuardBand = eps;
        admission.setGuardBand(netcfgGuardBand.orElse(eps));
    }

    /**
     * Applies a network configuration; null restores the defaults.
     *
     * @param config valid configuration, or null
     */
    void apply(SlicingConfig config) {
        if (config == null) {
            netcfgGuardBand = Optional.empty();
            pool = DEFAULT_POOL;
            tenants = Optional.empty();
            admission.setCapacityOverrides(ImmutableMap.of());
        } else {
            netcfgGuardBand = config.guardBand();
            pool = config.vlanPool();
            tenants = config.tenants();
            admission.setCapacityOverrides(config.capacityOverrides());
        }
        admission.setGuardBand(netcfgGuardBand.orElse(componentGuardBand));
    }

    /**
     * Returns the VLAN pool.
     *
     * @return pool
     */
    VlanPool vlanPool() {
        return pool;
    }

    /**
     * Returns the tenants allowed to own slices, once configured.
     *
     * @return tenants
     */
    Optional<Set<TenantId>> tenants() {
        return tenants;
    }
}

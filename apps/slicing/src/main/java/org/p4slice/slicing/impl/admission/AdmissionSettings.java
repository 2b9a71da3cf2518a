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
package org.p4slice.slicing.impl.admission;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.VlanPool;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The settings one admission decision is taken with, fixed for its whole duration: the guard band
 * (the netcfg's {@code guardBand} if set, else the component property's), the VLAN pool, the tenants
 * allowed to own slices once configured, and the port capacities that replace reported speeds.
 * Immutable; a change of configuration makes a new snapshot.
 */
public final class AdmissionSettings {

    /** The guard band when neither the netcfg nor the component configuration sets one. */
    public static final double DEFAULT_GUARD_BAND = OsgiPropertyConstants.GUARD_BAND_DEFAULT;

    /** The settings before any configuration. */
    public static final AdmissionSettings DEFAULTS = new AdmissionSettings(
            DEFAULT_GUARD_BAND, VlanPool.parse(VlanPool.DEFAULT), Optional.empty(), ImmutableMap.of());

    private final double guardBand;
    private final BigDecimal usableFraction;
    private final VlanPool vlanPool;
    private final Optional<Set<TenantId>> tenants;
    private final Map<ConnectPoint, Long> capacityOverrides;

    private AdmissionSettings(double guardBand, VlanPool vlanPool, Optional<Set<TenantId>> tenants,
                              Map<ConnectPoint, Long> capacityOverrides) {
        checkArgument(guardBand >= 0 && guardBand < 1, "guardBand must be in [0, 1), got %s", guardBand);
        this.guardBand = guardBand;
        this.usableFraction = BigDecimal.ONE.subtract(BigDecimal.valueOf(guardBand));
        this.vlanPool = checkNotNull(vlanPool);
        this.tenants = tenants.map(ImmutableSet::copyOf);
        this.capacityOverrides = ImmutableMap.copyOf(capacityOverrides);
    }

    /**
     * Returns the settings in effect for a component guard band and a network configuration.
     *
     * @param componentGuardBand the component property, in [0, 1)
     * @param config             a valid network configuration, or null for none
     * @return settings
     * @throws IllegalArgumentException if the guard band is out of range
     */
    public static AdmissionSettings of(double componentGuardBand, SlicingConfig config) {
        if (config == null) {
            return DEFAULTS.withGuardBand(componentGuardBand);
        }
        return new AdmissionSettings(config.guardBand().orElse(componentGuardBand), config.vlanPool(),
                                     config.tenants(), config.capacityOverrides());
    }

    /**
     * Returns these settings with another guard band.
     *
     * @param fraction the guard band, in [0, 1)
     * @return settings
     * @throws IllegalArgumentException if out of range
     */
    public AdmissionSettings withGuardBand(double fraction) {
        return new AdmissionSettings(fraction, vlanPool, tenants, capacityOverrides);
    }

    /**
     * Returns these settings with other capacity overrides.
     *
     * @param overrides port to bits per second
     * @return settings
     */
    public AdmissionSettings withCapacityOverrides(Map<ConnectPoint, Long> overrides) {
        return new AdmissionSettings(guardBand, vlanPool, tenants, overrides);
    }

    /**
     * Returns the fraction of every port's and link's capacity kept free.
     *
     * @return guard band in [0, 1)
     */
    public double guardBand() {
        return guardBand;
    }

    /**
     * Returns {@code 1 - guardBand}, exactly.
     *
     * @return usable fraction
     */
    public BigDecimal usableFraction() {
        return usableFraction;
    }

    /**
     * Returns the VLAN pool slices get their VLANs from.
     *
     * @return pool
     */
    public VlanPool vlanPool() {
        return vlanPool;
    }

    /**
     * Returns the tenants allowed to own slices, once configured.
     *
     * @return tenants, or empty if any tenant may
     */
    public Optional<Set<TenantId>> tenants() {
        return tenants;
    }

    /**
     * Returns the port capacities that replace the reported speeds.
     *
     * @return port to bits per second
     */
    public Map<ConnectPoint, Long> capacityOverrides() {
        return capacityOverrides;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("guardBand", guardBand).add("vlanPool", vlanPool)
                .add("tenants", tenants).add("capacityOverrides", capacityOverrides).toString();
    }
}

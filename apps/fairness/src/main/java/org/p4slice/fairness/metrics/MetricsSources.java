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
package org.p4slice.fairness.metrics;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.device.DeviceService;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.stats.SlicingMetricsService;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.tenant.TenantScope;

import java.util.Collection;
import java.util.OptionalLong;
import java.util.function.Function;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What one scrape is rendered from: the caller's scope, the slices and bookings it sees (read through
 * the tenant gate), the fairness report, and where present ONOS's devices, the slicing app's record
 * of its work and the audit log. Built with {@link #builder(TenantScope, FairnessReport)}.
 */
public final class MetricsSources {

    final TenantScope scope;
    final FairnessReport report;
    final Collection<Slice> slices;
    final Function<SliceId, OptionalLong> meterRate;
    final Collection<Reservation> reservations;
    final DeviceService devices;
    final SlicingMetricsService work;
    final AuditService audit;

    private MetricsSources(Builder b) {
        scope = b.scope;
        report = b.report;
        slices = b.slices;
        meterRate = b.meterRate;
        reservations = b.reservations;
        devices = b.devices;
        work = b.work;
        audit = b.audit;
    }

    /**
     * Starts the sources of a scrape.
     *
     * @param scope  the caller's scope
     * @param report the whole fairness report (the renderer shows the caller its part)
     * @return builder
     */
    public static Builder builder(TenantScope scope, FairnessReport report) {
        return new Builder(scope, report);
    }

    /** Builds the sources; what is not set is empty. */
    public static final class Builder {
        private final TenantScope scope;
        private final FairnessReport report;
        private Collection<Slice> slices = ImmutableList.of();
        private Function<SliceId, OptionalLong> meterRate = id -> OptionalLong.empty();
        private Collection<Reservation> reservations = ImmutableList.of();
        private DeviceService devices;
        private SlicingMetricsService work;
        private AuditService audit;

        private Builder(TenantScope scope, FairnessReport report) {
            this.scope = checkNotNull(scope, "scope must not be null");
            this.report = checkNotNull(report, "report must not be null");
        }

        /**
         * Sets the slices the caller sees and their enforced rates.
         *
         * @param visible   slices
         * @param meterRate a slice's enforced rate, empty when its meter runs at its quota
         * @return this
         */
        public Builder slices(Collection<Slice> visible, Function<SliceId, OptionalLong> meterRate) {
            this.slices = checkNotNull(visible);
            this.meterRate = checkNotNull(meterRate);
            return this;
        }

        /**
         * Sets the bookings the caller sees.
         *
         * @param visible bookings
         * @return this
         */
        public Builder reservations(Collection<Reservation> visible) {
            this.reservations = checkNotNull(visible);
            return this;
        }

        /**
         * Sets ONOS's device service (availability; shown to operators).
         *
         * @param service device service, or null
         * @return this
         */
        public Builder devices(DeviceService service) {
            this.devices = service;
            return this;
        }

        /**
         * Sets the slicing app's record of its work and the audit log.
         *
         * @param service work, or null
         * @param log     audit log, or null
         * @return this
         */
        public Builder work(SlicingMetricsService service, AuditService log) {
            this.work = service;
            this.audit = log;
            return this;
        }

        /**
         * Returns the sources.
         *
         * @return sources
         */
        public MetricsSources build() {
            return new MetricsSources(this);
        }
    }
}

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

import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessViews;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Tenant;

import java.util.Set;
import java.util.TreeSet;

/**
 * The body of {@code GET /metrics}: every family p4slice exports, in the Prometheus text format
 * ({@link Exposition}), each with its HELP and TYPE even when it has no sample. An operator sees
 * every series; a tenant's user only the series of its tenant (its slices, bookings and refusals)
 * and the testbed's fairness figures that {@code GET /fairness} shows it; the ports, trunks, devices
 * and p4slice's own work are written without samples for it. docs/northbound.md lists the families.
 */
public final class P4sliceMetrics {

    /** Content type of the exposition. */
    public static final String CONTENT_TYPE = Exposition.CONTENT_TYPE;

    private P4sliceMetrics() {
    }

    /**
     * Renders one scrape.
     *
     * @param sources what it is rendered from
     * @return exposition text, ending with a newline
     */
    public static String render(MetricsSources sources) {
        boolean operator = sources.scope.isOperator();
        FairnessReport report = FairnessViews.of(sources.report, sources.scope);
        Set<TenantId> tenants = new TreeSet<>();
        sources.scope.tenant().map(Tenant::id).ifPresent(tenants::add);
        Exposition out = new Exposition();
        SliceMetrics.write(out, sources.slices, sources.meterRate, tenants);
        FairnessMetrics.write(out, report);
        CapacityMetrics.write(out, report.resources());
        DeviceMetrics.write(out, operator ? sources.devices : null);
        BookingMetrics.write(out, sources.reservations, tenants);
        WorkMetrics.write(out, sources.work, sources.audit, sources.scope);
        return out.text();
    }
}

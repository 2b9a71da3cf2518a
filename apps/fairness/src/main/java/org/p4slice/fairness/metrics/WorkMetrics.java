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

import org.p4slice.fairness.metrics.Exposition.Type;
import org.p4slice.slicing.api.stats.RefusalCount;
import org.p4slice.slicing.api.stats.SlicingMetricsService;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.tenant.TenantScope;

/**
 * p4slice's own work: admission refusals by tenant, request and kind; for operators also the
 * duration of the life-cycle steps, the steps queued and running, and the audit log's size and bound.
 */
final class WorkMetrics {

    private WorkMetrics() {
    }

    /**
     * Writes the work families.
     *
     * @param out     exposition
     * @param work    the slicing app's record of its work, or null (the families stay empty)
     * @param audit   the audit log, or null
     * @param scope   the caller: a tenant's user sees its tenant's refusals only, nothing else here
     */
    static void write(Exposition out, SlicingMetricsService work, AuditService audit, TenantScope scope) {
        out.family("p4slice_admission_refusals_total", "Requests admission refused since the app started, by "
                + "tenant (empty: an unknown one), request (SLICE, BOOKING) and kind of refusal.", Type.COUNTER);
        if (work != null) {
            for (RefusalCount c : work.admissionRefusals()) {
                if (scope.isOperator() || c.tenant().isPresent() && scope.sees(c.tenant().get())) {
                    out.sample(c.count(), "tenant", c.tenant().map(t -> t.id()).orElse(""),
                               "request", c.request().name(), "kind", c.kind().name());
                }
            }
        }
        boolean operator = scope.isOperator();
        out.family("p4slice_lifecycle_step_duration_seconds", "Duration of the slices' life-cycle steps on this "
                + "instance (writing a slice on the devices it masters).", Type.HISTOGRAM);
        if (work != null && operator) {
            out.histogram(work.stepDurations());
        }
        out.family("p4slice_lifecycle_queued_steps", "Slices whose next life-cycle step waits to start.", Type.GAUGE);
        if (work != null && operator) {
            out.sample(work.queuedSteps());
        }
        out.family("p4slice_lifecycle_running_steps", "Life-cycle steps running now.", Type.GAUGE);
        if (work != null && operator) {
            out.sample(work.runningSteps());
        }
        out.family("p4slice_audit_entries", "Entries the audit log holds.", Type.GAUGE);
        if (audit != null && operator) {
            out.sample(audit.size());
        }
        out.family("p4slice_audit_max_entries", "Most entries the audit log keeps (the oldest are dropped beyond).",
                   Type.GAUGE);
        if (audit != null && operator && audit.maxEntries().isPresent()) {
            out.sample(audit.maxEntries().getAsInt());
        }
    }
}

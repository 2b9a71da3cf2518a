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
package org.p4slice.fairness.api;

import com.google.common.collect.ImmutableList;
import org.p4slice.slicing.api.tenant.TenantScope;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The fairness report as a caller may see it: an operator sees it whole; anybody else only the
 * lines of the slices of its tenant, with the testbed-wide figures (window, cv, Jain, largest
 * deviation) but not the use of ports and links, which would show other tenants' traffic. The
 * REST API ({@code /fairness}, {@code /metrics}) and the CLI show reports through it.
 */
public final class FairnessViews {

    private FairnessViews() {
    }

    /**
     * Returns the report a scope sees.
     *
     * @param report the whole report
     * @param scope  the caller's scope
     * @return the report, or its lines of the scope's tenant
     */
    public static FairnessReport of(FairnessReport report, TenantScope scope) {
        if (scope.isOperator()) {
            return report;
        }
        List<SliceFairness> mine = report.slices().stream()
                .filter(s -> s.tenant().isPresent() && scope.sees(s.tenant().get()))
                .collect(Collectors.toList());
        FairnessSummary all = report.summary();
        int backlogged = (int) mine.stream().filter(SliceFairness::backlogged).count();
        FairnessSummary summary = new FairnessSummary(all.timestamp(), all.mode(), all.windowSeconds(), all.cv(),
                                                      all.jain(), all.maxDeviation(), mine.size(), backlogged);
        return new FairnessReport(summary, report.threshold(), mine, ImmutableList.of());
    }
}

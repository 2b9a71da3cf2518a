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
package org.p4slice.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.fairness.api.FairnessViews;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.fairness.api.FairnessSummary;
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.fairness.codec.FairnessReportCodec;
import org.p4slice.fairness.codec.FairnessSummaryCodec;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Prints the latest fairness report ({@code GET /fairness}): the figures over the backlogged
 * slices and one row per slice; with {@code --history}, the recent summaries
 * ({@code GET /fairness/history}).
 */
@Service
@Command(scope = "p4slice", name = "fairness",
        description = "Prints per-slice delivered rates and shares, CV and Jain's index of the slices")
public class FairnessCommand extends P4SliceCommand {

    @Option(name = "--history", description = "Print the recent report summaries, oldest first")
    boolean history;

    @Override
    protected void run() {
        FairnessService service = service(FairnessService.class);
        if (history) {
            printHistory(service.getHistory());
            return;
        }
        FairnessReport report = FairnessViews.of(service.getReport(),
                                                 service(TenantGateService.class).scope(caller()));
        if (outputJson()) {
            printJson(FairnessReportCodec.encode(report, mapper()));
            return;
        }
        print("%s", String.format(Locale.ROOT,
                "mode %s  window %.1f s  CV %s  Jain %.4f  max deviation %s  threshold %s  backlogged %d of %d",
                report.mode().toString().toLowerCase(Locale.ROOT), report.windowSeconds(), pct(report.cv()),
                report.jain(), pct(report.maxDeviation()), pct(report.threshold()), report.summary().backlogged(),
                report.slices().size()));
        TextTable table = new TextTable("SLICE", "TENANT", "QUOTA", "ALLOCATION", "OFFERED", "RATE", "SHARE",
                                        "DEVIATION", "BACKLOGGED");
        for (SliceFairness s : report.slices()) {
            table.row(s.id().id(), s.tenant().map(t -> t.id()).orElse("-"), Rates.format(s.quotaBps()),
                      Rates.format(s.allocationBps()), Rates.format(s.offeredBps()), Rates.format(s.rateBps()),
                      String.format(Locale.ROOT, "%.4f", s.share()), pct(s.deviation()),
                      s.backlogged() ? "yes" : "no");
        }
        table.lines().forEach(l -> print("%s", l));
    }

    private void printHistory(List<FairnessSummary> summaries) {
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("history");
            FairnessSummaryCodec codec = new FairnessSummaryCodec();
            summaries.forEach(s -> array.add(codec.encode(s, this)));
            printJson(root);
            return;
        }
        TextTable table = new TextTable("TIME", "MODE", "CV", "JAIN", "MAX DEVIATION", "BACKLOGGED");
        for (FairnessSummary s : summaries) {
            table.row(Instant.ofEpochMilli(s.timestamp()), s.mode().toString().toLowerCase(Locale.ROOT),
                      pct(s.cv()), String.format(Locale.ROOT, "%.4f", s.jain()), pct(s.maxDeviation()),
                      s.backlogged() + " of " + s.slices());
        }
        table.lines().forEach(l -> print("%s", l));
    }

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.2f %%", 100 * fraction);
    }
}

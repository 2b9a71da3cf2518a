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

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.codec.SlicingCodecs;

/**
 * Prints the traffic statistics of a slice ({@code GET /slices/{id}/stats}), the slicing app's; all
 * zero until its counters were read.
 */
@Service
@Command(scope = "p4slice", name = "slice-stats",
        description = "Prints the traffic counters and rates of a slice")
public class SliceStatsCommand extends P4SliceCommand {

    @Argument(index = 0, name = "id", description = "Slice id", required = true)
    @Completion(SliceIdCompleter.class)
    String id;

    @Override
    protected void run() {
        SliceId sliceId = CliParsing.sliceId(id);
        Slice slice = service(TenantGateService.class).getSlice(caller(), sliceId);
        SliceStats stats = service(SliceStatsService.class).getStatsOrZero(sliceId);
        if (outputJson()) {
            printJson(SlicingCodecs.SLICE_STATS.encode(stats, this));
            return;
        }
        print("Slice %s %s (tenant %s), %s", slice.id(), slice.name(), slice.tenant(), slice.state());
        new TextTable("", "BYTES", "PACKETS", "RATE")
                .row("rx", stats.rxBytes(), stats.rxPackets(), Rates.format(stats.rxBps()))
                .row("tx", stats.txBytes(), stats.txPackets(), Rates.format(stats.txBps()))
                .row("drop", stats.dropBytes(), stats.dropPackets(), "-")
                .lines().forEach(l -> print("%s", l));
    }
}

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

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceQuery;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.Set;

/**
 * Lists the slices ({@code GET /slices}).
 */
@Service
@Command(scope = "p4slice", name = "slices",
        description = "Lists the slices: VLAN, quota, state, switches holding it and ports of each")
public class SlicesCommand extends P4SliceCommand {

    @Option(name = "-t", aliases = "--tenant", description = "Only the slices of this tenant")
    @Completion(TenantCompleter.class)
    String tenant;

    @Option(name = "-s", aliases = "--state",
            description = "Only the slices in these states, comma-separated (e.g. ACTIVE,FAILED)")
    String state;

    @Option(name = "-d", aliases = "--device", description = "Only the slices that cross this device")
    @Completion(DeviceCompleter.class)
    String device;

    @Option(name = "-l", aliases = "--limit", description = "At most this many (1 to 1000, default 100)")
    String limit;

    @Option(name = "-o", aliases = "--offset", description = "Skip this many first (default 0)")
    String offset;

    @Override
    protected void run() {
        SliceQuery query;
        try {
            query = SliceQuery.parse(limit, offset, state, device);
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
        Set<Slice> slices = service(TenantGateService.class).getSlices(caller(),
                                                                         tenant == null ? null : TenantId.of(tenant));
        Page<Slice> page = query.apply(slices);
        if (outputJson()) {
            printJson(SlicingCodecs.slices(page, this));
        } else {
            SliceOutput.lines(page.items(), this::devices).forEach(l -> print("%s", l));
            CliParsing.nextPage(page).ifPresent(l -> print("%s", l));
        }
    }

    // the DEVICES column; "-" for a slice released since it was listed
    private String devices(Slice slice) {
        try {
            return SliceOutput.devices(slice, service(TenantGateService.class).getSliceDevices(caller(), slice.id()));
        } catch (SlicingException e) {
            return "-";
        }
    }
}

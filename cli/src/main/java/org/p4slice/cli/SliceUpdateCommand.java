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

import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.Collection;
import java.util.List;

/**
 * Changes the quota, burst, name or ports of a slice ({@code PUT /slices/{id}}); what is not
 * given stays as it is. Ports given replace all the slice's ports.
 */
@Service
@Command(scope = "p4slice", name = "slice-update",
        description = "Changes the quota, burst, name or ports of a slice (re-admitted; refused = unchanged)")
public class SliceUpdateCommand extends P4SliceCommand {

    @Argument(index = 0, name = "id", description = "Slice id", required = true)
    @Completion(SliceIdCompleter.class)
    String id;

    @Argument(index = 1, name = "ports", multiValued = true,
            description = "New access ports (with --trunk: replace every port of the slice)")
    @Completion(PortCompleter.class)
    List<String> accessPorts = ImmutableList.of();

    @Option(name = "-q", aliases = "--quota", description = "New quota in bits/s: 25000000, 25M, 1.5G")
    String quota;

    @Option(name = "-b", aliases = "--burst", description = "New meter burst in bytes")
    String burst;

    @Option(name = "-n", aliases = "--name", description = "New name")
    String name;

    @Option(name = "--trunk", multiValued = true, description = "New tagged port (repeatable)")
    @Completion(PortCompleter.class)
    List<String> trunkPorts = ImmutableList.of();

    @Override
    protected void run() {
        SliceId sliceId = CliParsing.sliceId(id);
        TenantGateService service = service(TenantGateService.class);
        Slice current = service.getSlice(caller(), sliceId);
        long quotaBps = quota == null ? current.quotaBps() : CliParsing.rate("--quota", quota);
        long burstBytes = burst == null ? current.burstBytes() : CliParsing.integer("--burst", burst);
        Collection<Endpoint> endpoints = accessPorts.isEmpty() && trunkPorts.isEmpty()
                ? current.endpoints() : CliParsing.endpoints(accessPorts, trunkPorts);
        SliceRequest request = SliceRequest.builder()
                .id(sliceId)
                .name(name == null ? current.name() : name)
                .tenant(current.tenant())
                .quotaBps(quotaBps)
                .burstBytes(burstBytes)
                .endpoints(endpoints)
                .build();
        Slice slice = service.updateSlice(caller(), sliceId, request);
        if (outputJson()) {
            printJson(SlicingCodecs.SLICE.encode(slice, this));
        } else {
            SliceOutput.lines(ImmutableList.of(slice)).forEach(l -> print("%s", l));
        }
    }
}

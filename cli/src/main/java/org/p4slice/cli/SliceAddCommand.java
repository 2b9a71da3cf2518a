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
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.List;

/**
 * Creates a slice ({@code POST /slices}).
 */
@Service
@Command(scope = "p4slice", name = "slice-add",
        description = "Creates a slice: a VLAN, switch ports and a bandwidth quota")
public class SliceAddCommand extends P4SliceCommand {

    @Argument(index = 0, name = "name", description = "Slice name, unique per tenant ([A-Za-z0-9._-]+)",
            required = true)
    String name;

    @Argument(index = 1, name = "ports", multiValued = true,
            description = "Access (untagged host) ports, e.g. device:bmv2:s1/1")
    @Completion(PortCompleter.class)
    List<String> accessPorts = ImmutableList.of();

    @Option(name = "-t", aliases = "--tenant", description = "Owning tenant", required = true)
    @Completion(TenantCompleter.class)
    String tenant;

    @Option(name = "-q", aliases = "--quota", required = true,
            description = "Bandwidth quota in bits/s: 25000000, 25M, 1.5G")
    String quota;

    @Option(name = "-b", aliases = "--burst", description = "Meter burst in bytes (default 65536)")
    String burst;

    @Option(name = "--trunk", multiValued = true,
            description = "Tagged port of the slice (repeatable), e.g. device:bmv2:s1/4")
    @Completion(PortCompleter.class)
    List<String> trunkPorts = ImmutableList.of();

    @Option(name = "--vlan", description = "VLAN 2..4094 (default: the next free one of the pool)")
    String vlan;

    @Option(name = "--id", description = "Slice id 1..4094 (default: the next free one)")
    String id;

    /**
     * Reads the slice request the arguments and options describe (also used by {@code reserve}):
     * the arguments are parsed first, then the request is built, checked by the API's builder and
     * value types as a REST body is.
     *
     * @return request
     * @throws IllegalArgumentException if an argument is malformed or a value out of range
     */
    SliceRequest sliceRequest() {
        Long idNumber = id == null ? null : CliParsing.integer("--id", id);
        Long vlanNumber = vlan == null ? null : CliParsing.integer("--vlan", vlan);
        long quotaBps = CliParsing.rate("--quota", quota);
        Long burstBytes = burst == null ? null : CliParsing.integer("--burst", burst);
        List<Endpoint> endpoints = CliParsing.endpoints(accessPorts, trunkPorts);
        SliceRequest.Builder b = SliceRequest.builder()
                .name(name)
                .tenant(TenantId.of(tenant))
                .quotaBps(quotaBps);
        if (idNumber != null) {
            b.id(SliceId.of(idNumber));
        }
        if (vlanNumber != null) {
            b.vlan(vlanNumber);
        }
        if (burstBytes != null) {
            b.burstBytes(burstBytes);
        }
        return b.endpoints(endpoints).build();
    }

    @Override
    protected void run() {
        Slice slice = service(TenantGateService.class).createSlice(caller(), sliceRequest());
        if (outputJson()) {
            printJson(SlicingCodecs.SLICE.encode(slice, this));
        } else {
            SliceOutput.lines(ImmutableList.of(slice)).forEach(l -> print("%s", l));
        }
    }
}

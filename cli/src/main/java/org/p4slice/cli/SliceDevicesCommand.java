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
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.DeviceShape;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Prints what each switch holds of a slice ({@code GET /slices/{id}/devices}): one row per device
 * with its outcome, when it was recorded and the shape it was asked to hold.
 */
@Service
@Command(scope = "p4slice", name = "slice-devices",
        description = "Prints each switch's state of a slice: outcome, reason, time and shape")
public class SliceDevicesCommand extends P4SliceCommand {

    @Argument(index = 0, name = "id", description = "Slice id", required = true)
    @Completion(SliceIdCompleter.class)
    String id;

    @Override
    protected void run() {
        SliceId sliceId = CliParsing.sliceId(id);
        TenantGateService gate = service(TenantGateService.class);
        Slice slice = gate.getSlice(caller(), sliceId);
        Map<DeviceId, DeviceOutcome> outcomes = gate.getSliceDevices(caller(), sliceId);
        if (outputJson()) {
            printJson(SlicingCodecs.DEVICE_OUTCOME.sliceDevices(sliceId, outcomes, this));
            return;
        }
        print("Slice %s %s (tenant %s), %s, %s", slice.id(), slice.name(), slice.tenant(), slice.state(),
              SliceOutput.devices(slice, outcomes));
        TextTable table = new TextTable("DEVICE", "STATE", "VERSION", "UPDATED", "VLAN", "QUOTA", "ACCESS", "TRUNK");
        outcomes.forEach((device, outcome) -> {
            DeviceShape shape = outcome.shape();
            table.row(device, outcome.state(), outcome.isFor(slice) ? "current" : "earlier",
                      Instant.ofEpochMilli(outcome.updated()), shape.vlan(), Rates.format(shape.quotaBps()),
                      ports(shape.accessPorts()), ports(shape.trunkPorts()));
            outcome.reason().ifPresent(reason -> table.note("reason: " + reason));
        });
        table.lines().forEach(l -> print("%s", l));
    }

    private static String ports(List<String> ports) {
        return ports.isEmpty() ? "-" : String.join(",", ports);
    }
}

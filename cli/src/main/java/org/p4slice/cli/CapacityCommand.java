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
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Prints the capacity of every port and inter-switch link and how much of it slices hold
 * ({@code GET /capacity}); with a device, only its ports and the links touching it.
 */
@Service
@Command(scope = "p4slice", name = "capacity",
        description = "Prints capacity, guard band, allocated and available bandwidth of ports and links")
public class CapacityCommand extends P4SliceCommand {

    @Argument(index = 0, name = "device", description = "Only this device's ports and links")
    @Completion(DeviceCompleter.class)
    String device;

    @Override
    protected void run() {
        // the tenant gate, as REST's capacity: operators and tenants' users only
        service(TenantGateService.class).scope(caller()).checkSharesTestbed("the capacity of the testbed");
        SliceService service = service(SliceService.class);
        List<PortCapacity> ports = service.getPortCapacities();
        List<LinkCapacity> links = service.getLinkCapacities();
        if (device != null) {
            DeviceId d = DeviceId.deviceId(device);
            ports = ports.stream().filter(p -> p.connectPoint().deviceId().equals(d)).collect(Collectors.toList());
            links = links.stream().filter(l -> l.src().deviceId().equals(d) || l.dst().deviceId().equals(d))
                    .collect(Collectors.toList());
        }
        if (outputJson()) {
            printJson(SlicingCodecs.capacity(ports, links, this));
            return;
        }
        TextTable portTable = new TextTable("PORT", "CAPACITY", "GUARD", "ALLOCATED", "AVAILABLE");
        ports.forEach(p -> portTable.row(p.connectPoint(), Rates.format(p.capacityBps()),
                                         Rates.percent(p.guardBand()), Rates.format(p.allocatedBps()),
                                         Rates.format(p.availableBps())));
        portTable.lines().forEach(l -> print("%s", l));
        if (!links.isEmpty()) {
            print("%s", "");
            TextTable linkTable = new TextTable("LINK", "CAPACITY", "GUARD", "ALLOCATED", "AVAILABLE");
            links.forEach(c -> linkTable.row(SliceOutput.link(c.link()), Rates.format(c.capacityBps()),
                                             Rates.percent(c.guardBand()), Rates.format(c.allocatedBps()),
                                             Rates.format(c.availableBps())));
            linkTable.lines().forEach(l -> print("%s", l));
        }
    }
}

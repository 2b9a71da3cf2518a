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

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.Port;
import org.onosproject.net.device.DeviceService;
import org.p4slice.slicing.api.ConnectPoints;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Completes switch ports as {@code device:bmv2:s1/1}: the physical ports of the available
 * devices, by device id, then port number.
 */
@Service
public class PortCompleter extends P4SliceCompleter {

    @Override
    protected List<String> candidates() {
        DeviceService deviceService = services.get(DeviceService.class);
        List<ConnectPoint> ports = new ArrayList<>();
        for (Device d : deviceService.getAvailableDevices()) {
            for (Port p : deviceService.getPorts(d.id())) {
                if (!p.number().isLogical()) {
                    ports.add(new ConnectPoint(d.id(), p.number()));
                }
            }
        }
        ports.sort(ConnectPoints.ORDER);
        return ports.stream().map(ConnectPoint::toString).collect(Collectors.toList());
    }
}

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
package org.p4slice.testbed.scenario;

import org.p4slice.slicing.json.SliceRequestJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.onosproject.net.provider.ProviderId;
import org.p4slice.slicing.api.SliceRequest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.p4slice.pipeconf.P4SliceConstants.PORT_BITWIDTH;
import static org.p4slice.slicing.json.JsonChecks.fields;
import static org.p4slice.slicing.json.JsonChecks.integer;
import static org.p4slice.slicing.json.JsonChecks.list;
import static org.p4slice.slicing.json.JsonChecks.text;

/**
 * One parse of a scenario (see {@link ScenarioReader}): the declared ports, links and slices seen so
 * far, against which every later element is checked; problems are {@link IllegalArgumentException}s
 * whose message starts with the JSON path.
 */
final class ScenarioParse {

    private static final ProviderId PROVIDER = new ProviderId("p4slice", "org.p4slice.scenario");
    private static final long MAX_PORT = (1L << PORT_BITWIDTH) - 1;

    private final Map<DeviceId, Map<PortNumber, Long>> ports = new LinkedHashMap<>();
    private final Map<DeviceId, String> deviceNames = new LinkedHashMap<>();
    private final Map<ConnectPoint, String> linkPorts = new HashMap<>();
    private final List<Link> links = new ArrayList<>();
    private final List<ScenarioHost> hostList = new ArrayList<>();
    private final Map<ConnectPoint, String> hostPorts = new HashMap<>();

    Scenario scenario(JsonNode root) {
        fields(root, "scenario", ImmutableSet.of("devices"),
               ImmutableSet.of("version", "description", "meta", "links", "hosts", "slices"));
        if (root.has("version") && !(root.get("version").isIntegralNumber()
                && root.get("version").asLong() == ScenarioReader.VERSION)) {
            throw new IllegalArgumentException("version: unsupported version " + root.get("version")
                                                       + " (this reader reads " + ScenarioReader.VERSION + ")");
        }
        if (root.has("description") && !root.get("description").isTextual()) {
            throw new IllegalArgumentException("description: expected a string, got " + root.get("description"));
        }
        if (root.has("meta") && !root.get("meta").isObject()) {
            throw new IllegalArgumentException("meta: expected an object, got " + root.get("meta"));
        }
        List<JsonNode> devices = list(root, "devices", "devices");
        if (devices.isEmpty()) {
            throw new IllegalArgumentException("devices: at least one device is required");
        }
        for (int i = 0; i < devices.size(); i++) {
            device(devices.get(i), "devices[" + i + "]");
        }
        List<JsonNode> linkNodes = list(root, "links", "links");
        for (int i = 0; i < linkNodes.size(); i++) {
            link(linkNodes.get(i), "links[" + i + "]");
        }
        Map<MacAddress, String> macs = new HashMap<>();
        Set<String> hostNames = new HashSet<>();
        List<JsonNode> hosts = list(root, "hosts", "hosts");
        for (int i = 0; i < hosts.size(); i++) {
            host(hosts.get(i), "hosts[" + i + "]", macs, hostNames);
        }
        ScenarioSlices checks = new ScenarioSlices();
        List<JsonNode> slices = list(root, "slices", "slices");
        List<SliceRequest> result = new ArrayList<>();
        for (int i = 0; i < slices.size(); i++) {
            result.add(slice(slices.get(i), "slices[" + i + "]", checks));
        }
        String description = root.has("description") ? root.get("description").asText() : "";
        return new Scenario(description, deviceNames, ports, links, hostList, result);
    }

    private void device(JsonNode node, String path) {
        fields(node, path, ImmutableSet.of("id", "ports"), ImmutableSet.of("name", "meta"));
        String id = text(node, "id", path);
        DeviceId deviceId;
        try {
            deviceId = DeviceId.deviceId(id);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(path + ".id: \"" + id + "\" is not a device id such as "
                                                       + "\"device:bmv2:s1\"");
        }
        if (!id.contains(":") || ports.containsKey(deviceId)) {
            throw new IllegalArgumentException(path + ".id: " + (ports.containsKey(deviceId)
                    ? "device \"" + id + "\" is declared twice"
                    : "\"" + id + "\" is not a device id such as \"device:bmv2:s1\""));
        }
        String name = node.has("name") ? text(node, "name", path) : id.substring(id.lastIndexOf(':') + 1);
        if (deviceNames.containsValue(name)) {
            throw new IllegalArgumentException(path + ".name: device name \"" + name + "\" is used twice");
        }
        Map<PortNumber, Long> speeds = new LinkedHashMap<>();
        List<JsonNode> portNodes = list(node, "ports", path + ".ports");
        if (portNodes.isEmpty()) {
            throw new IllegalArgumentException(path + ".ports: at least one port is required");
        }
        for (int j = 0; j < portNodes.size(); j++) {
            String portPath = path + ".ports[" + j + "]";
            JsonNode p = portNodes.get(j);
            fields(p, portPath, ImmutableSet.of("port", "speedBps"), ImmutableSet.of());
            long port = integer(p, "port", portPath, 0, MAX_PORT);
            long speed = integer(p, "speedBps", portPath, 1, Long.MAX_VALUE);
            if (speeds.put(PortNumber.portNumber(port), speed) != null) {
                throw new IllegalArgumentException(portPath + ".port: port " + port + " of " + id
                                                           + " is declared twice");
            }
        }
        deviceNames.put(deviceId, name);
        ports.put(deviceId, speeds);
    }

    private void link(JsonNode node, String path) {
        fields(node, path, ImmutableSet.of("src", "dst"), ImmutableSet.of("meta"));
        fields(node.get("src"), path + ".src", ImmutableSet.of("device", "port"), ImmutableSet.of());
        fields(node.get("dst"), path + ".dst", ImmutableSet.of("device", "port"), ImmutableSet.of());
        ConnectPoint src = port(node.get("src"), path + ".src");
        ConnectPoint dst = port(node.get("dst"), path + ".dst");
        if (src.deviceId().equals(dst.deviceId())) {
            throw new IllegalArgumentException(path + ": a link must join two different devices, got "
                                                       + src + " and " + dst);
        }
        for (ConnectPoint cp : List.of(src, dst)) {
            String previous = linkPorts.putIfAbsent(cp, path);
            if (previous != null) {
                throw new IllegalArgumentException(path + ": port " + cp + " is already used by " + previous);
            }
        }
        links.add(DefaultLink.builder().providerId(PROVIDER).src(src).dst(dst)
                          .type(Link.Type.DIRECT).state(Link.State.ACTIVE).build());
    }

    private void host(JsonNode node, String path, Map<MacAddress, String> macs, Set<String> names) {
        fields(node, path, ImmutableSet.of("name", "mac", "device", "port"), ImmutableSet.of("ip", "meta"));
        String name = text(node, "name", path);
        if (!names.add(name)) {
            throw new IllegalArgumentException(path + ".name: host name \"" + name + "\" is used twice");
        }
        String macText = text(node, "mac", path);
        MacAddress mac;
        try {
            mac = MacAddress.valueOf(macText);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(path + ".mac: \"" + macText + "\" is not a MAC address such as "
                                                       + "\"00:00:00:00:00:01\"");
        }
        String previous = macs.putIfAbsent(mac, path);
        if (previous != null) {
            throw new IllegalArgumentException(path + ".mac: " + mac + " is already the MAC of " + previous);
        }
        String ip = node.has("ip") ? text(node, "ip", path) : null;
        if (ip != null) {
            ip(ip, path + ".ip");
        }
        ConnectPoint cp = port(node, path);
        if (linkPorts.containsKey(cp)) {
            throw new IllegalArgumentException(path + ": port " + cp + " is an inter-switch link port ("
                                                       + linkPorts.get(cp) + "), not a host port");
        }
        String other = hostPorts.putIfAbsent(cp, path);
        if (other != null) {
            throw new IllegalArgumentException(path + ": port " + cp + " already has a host (" + other + ")");
        }
        hostList.add(new ScenarioHost(name, mac, Optional.ofNullable(ip), cp));
    }

    private static void ip(String text, String path) {
        String[] parts = text.split("/", -1);
        try {
            IpAddress address = IpAddress.valueOf(parts[0]);
            if (parts.length > 2 || parts.length == 2 && (Integer.parseInt(parts[1]) < 0
                    || Integer.parseInt(parts[1]) > (address.isIp4() ? 32 : 128))) {
                throw new IllegalArgumentException(text);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(path + ": \"" + text + "\" is not an IP address with optional "
                                                       + "prefix length such as \"10.0.0.1/24\"");
        }
    }

    private SliceRequest slice(JsonNode node, String path, ScenarioSlices checks) {
        SliceRequest request;
        try {
            request = SliceRequestJson.request(node);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(path + ": " + e.getMessage());
        }
        List<ConnectPoint> endpoints = new ArrayList<>();
        JsonNode epNodes = node.get("endpoints");
        for (int j = 0; j < epNodes.size(); j++) {
            JsonNode ep = epNodes.get(j);
            String epPath = path + ".endpoints[" + j + "]";
            ConnectPoint cp = port(ep, epPath);
            if (linkPorts.containsKey(cp)) {
                throw new IllegalArgumentException(epPath + ": port " + cp + " is an inter-switch link port ("
                                                           + linkPorts.get(cp) + "); trunk links are "
                                                           + "resolved from \"links\", not declared as endpoints");
            }
            if (endpoints.contains(cp)) {
                throw new IllegalArgumentException(epPath + ": port " + cp + " appears twice in the slice");
            }
            endpoints.add(cp);
        }
        return checks.check(request, path);
    }

    // the declared port named by the "device" and "port" fields of an object (its other fields
    // are checked by the caller)
    private ConnectPoint port(JsonNode node, String path) {
        String device = text(node, "device", path);
        long port = integer(node, "port", path, 0, Long.MAX_VALUE);
        Map<PortNumber, Long> declared = ports.get(DeviceId.deviceId(device));
        if (declared == null) {
            throw new IllegalArgumentException(path + ".device: device \"" + device
                                                       + "\" is not declared in \"devices\"");
        }
        if (!declared.containsKey(PortNumber.portNumber(port))) {
            throw new IllegalArgumentException(path + ".port: port " + port + " of " + device
                                                       + " is not declared in \"devices\"");
        }
        return new ConnectPoint(DeviceId.deviceId(device), PortNumber.portNumber(port));
    }
}

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

import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.SliceRequest;

import java.util.HashMap;
import java.util.Map;

/**
 * The checks a scenario's slices must pass together: ids, VLANs, names per tenant and access
 * ports unique across slices (so that the plan's table keys, meter cells and groups never
 * collide), id and VLAN given explicitly. Trunks are not resolved here: the slice manager does
 * that over ONOS's paths when the exporter or the dev server creates the slices.
 */
final class ScenarioSlices {

    private static final int MAX_VLAN = 4094;

    private final Map<Integer, String> ids = new HashMap<>();
    private final Map<Integer, String> vlans = new HashMap<>();
    private final Map<String, String> names = new HashMap<>();
    private final Map<ConnectPoint, String> accessPorts = new HashMap<>();

    /**
     * Checks a slice request against the slices seen so far.
     *
     * @param request slice request in the REST shape
     * @param path    JSON path of the request, for messages
     * @return the request
     * @throws IllegalArgumentException naming the path and the problem
     */
    SliceRequest check(SliceRequest request, String path) {
        if (request.id().isEmpty()) {
            throw new IllegalArgumentException(path + ".id: required in a scenario (no allocator runs here)");
        }
        if (request.vlan().isEmpty()) {
            throw new IllegalArgumentException(path + ".vlan: required in a scenario (no allocator runs here)");
        }
        int id = request.id().get().id();
        int vlan = request.vlan().get().toShort();
        if (vlan < 1 || vlan > MAX_VLAN) {
            throw new IllegalArgumentException(path + ".vlan: must be in 1.." + MAX_VLAN + ", got " + vlan);
        }
        if (request.name().isEmpty()) {
            throw new IllegalArgumentException(path + ".name: must not be empty");
        }
        if (request.quotaBps() <= 0) {
            throw new IllegalArgumentException(path + ".quotaBps: must be > 0, got " + request.quotaBps());
        }
        if (request.burstBytes() <= 0) {
            throw new IllegalArgumentException(path + ".burstBytes: must be > 0, got " + request.burstBytes());
        }
        if (request.endpoints().isEmpty()) {
            throw new IllegalArgumentException(path + ".endpoints: at least one endpoint is required");
        }
        unique(ids, id, path + ".id", "slice id " + id);
        unique(vlans, vlan, path + ".vlan", "VLAN " + vlan);
        unique(names, request.tenant() + "/" + request.name(), path + ".name",
               "name \"" + request.name() + "\" of tenant " + request.tenant());
        for (Endpoint ep : request.endpoints()) {
            if (ep.mode() == EndpointMode.ACCESS) {
                unique(accessPorts, ep.connectPoint(), path + ".endpoints",
                       "access port " + ep.connectPoint());
            }
        }
        return request;
    }

    private static <K> void unique(Map<K, String> seen, K key, String path, String what) {
        String previous = seen.putIfAbsent(key, path);
        if (previous != null) {
            throw new IllegalArgumentException(path + ": " + what + " is already used by " + previous);
        }
    }
}

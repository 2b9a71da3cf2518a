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
package org.p4slice.fairness.metrics;

import org.onosproject.net.ConnectPoint;
import org.p4slice.fairness.api.ResourceUsage;
import org.p4slice.fairness.metrics.Exposition.Type;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Capacity and use of the testbed's switch ports (labels {@code device, port}) and trunks (labels
 * {@code device, port} of one end, {@code peer_device, peer_port} of the other; one series per
 * physical link): capacity, guard band, the quotas and meter rates of the slices using it, their
 * delivered rate and the utilisation.
 */
final class CapacityMetrics {

    private CapacityMetrics() {
    }

    /**
     * Writes the port and trunk families.
     *
     * @param out       exposition
     * @param resources the fairness report's resources
     */
    static void write(Exposition out, List<ResourceUsage> resources) {
        List<ResourceUsage> ports = new ArrayList<>();
        List<ResourceUsage> trunks = new ArrayList<>();
        for (ResourceUsage r : resources) {
            (r.kind() == ResourceUsage.Kind.PORT ? ports : trunks).add(r);
        }
        kind(out, ports, "port", "switch port");
        kind(out, trunks, "trunk", "trunk (inter-switch link)");
    }

    private static void kind(Exposition out, List<ResourceUsage> rs, String prefix, String what) {
        String p = "p4slice_" + prefix + "_";
        gauge(out, rs, p + "capacity_bytes_per_second", "Capacity of the " + what + ".",
              r -> Exposition.bytes(r.capacity().capacityBps()));
        gauge(out, rs, p + "guard_band_ratio", "Fraction of the " + what + "'s capacity admission keeps free.",
              r -> r.capacity().guardBand());
        gauge(out, rs, p + "allocated_bytes_per_second", "Sum of the quotas of the slices using the " + what + ".",
              r -> Exposition.bytes(r.capacity().allocatedBps()));
        gauge(out, rs, p + "effective_bytes_per_second", "Sum of the meter rates of the slices using the "
                + what + ".", r -> Exposition.bytes(r.effectiveBps()));
        gauge(out, rs, p + "delivered_bytes_per_second", "Sum of the delivered rates of the slices using the "
                + what + ".", r -> Exposition.bytes(r.rateBps()));
        gauge(out, rs, p + "utilisation_ratio", "Delivered rate / capacity of the " + what + ".",
              ResourceUsage::utilisation);
        gauge(out, rs, p + "slices", "Slices using the " + what + ".", ResourceUsage::slices);
    }

    private static void gauge(Exposition out, List<ResourceUsage> rs, String name, String help,
                              ToDoubleFunction<ResourceUsage> value) {
        out.family(name, help, Type.GAUGE);
        for (ResourceUsage r : rs) {
            ConnectPoint src = r.src();
            double v = value.applyAsDouble(r);
            if (r.dst().isPresent()) {
                ConnectPoint dst = r.dst().get();
                out.sample(v, "device", src.deviceId().toString(), "port", Long.toString(src.port().toLong()),
                           "peer_device", dst.deviceId().toString(), "peer_port", Long.toString(dst.port().toLong()));
            } else {
                out.sample(v, "device", src.deviceId().toString(), "port", Long.toString(src.port().toLong()));
            }
        }
    }
}

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

import org.p4slice.fairness.metrics.Exposition.Type;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;

import java.util.Collection;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The slices as stored: what each is ({@code p4slice_slice_info}), its state (one series per state,
 * 1 for the state it is in), the slices per tenant and state, each one's quota and the rate its meter
 * enforces, in bytes per second (the quota, or the rate the fairness app lent or borrowed).
 */
final class SliceMetrics {

    private SliceMetrics() {
    }

    /**
     * Writes the slice families.
     *
     * @param out       exposition
     * @param slices    the slices the caller sees
     * @param meterRate a slice's enforced rate, empty when its meter runs at its quota
     * @param tenants   tenants whose counts are written even with no slice (all states 0)
     */
    static void write(Exposition out, Collection<Slice> slices, Function<SliceId, OptionalLong> meterRate,
                      Set<TenantId> tenants) {
        out.family("p4slice_slice_info", "A slice (value 1) with its name.", Type.GAUGE);
        for (Slice s : slices) {
            out.sample(1, "tenant", s.tenant().id(), "slice", id(s), "name", s.name());
        }
        out.family("p4slice_slice_state", "1 for the state the slice is in, 0 for the others.", Type.GAUGE);
        for (Slice s : slices) {
            for (SliceState state : SliceState.values()) {
                out.sample(s.state() == state ? 1 : 0, "tenant", s.tenant().id(), "slice", id(s),
                           "state", state.name());
            }
        }
        Map<String, int[]> counts = new TreeMap<>();
        tenants.forEach(t -> counts.put(t.id(), new int[SliceState.values().length]));
        for (Slice s : slices) {
            counts.computeIfAbsent(s.tenant().id(), t -> new int[SliceState.values().length])[s.state().ordinal()]++;
        }
        out.family("p4slice_slices", "Slices of the tenant in each state.", Type.GAUGE);
        counts.forEach((tenant, n) -> {
            for (SliceState state : SliceState.values()) {
                out.sample(n[state.ordinal()], "tenant", tenant, "state", state.name());
            }
        });
        out.family("p4slice_slice_quota_bytes_per_second", "Quota of the slice.", Type.GAUGE);
        for (Slice s : slices) {
            out.sample(Exposition.bytes(s.quotaBps()), "tenant", s.tenant().id(), "slice", id(s));
        }
        out.family("p4slice_slice_enforced_bytes_per_second",
                   "Rate the slice's meter enforces: its quota, or the rate the fairness app set.", Type.GAUGE);
        for (Slice s : slices) {
            long bps = meterRate.apply(s.id()).orElse(s.quotaBps());
            out.sample(Exposition.bytes(bps), "tenant", s.tenant().id(), "slice", id(s));
        }
    }

    private static String id(Slice s) {
        return Integer.toString(s.id().id());
    }
}

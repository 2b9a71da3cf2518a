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
package org.p4slice.slicing.impl.metrics;

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.stats.RefusalCount;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts admission refusals by tenant, request and kind. The tenant is the caller's to say: one
 * the admission knows, or none (a request naming an unknown tenant counts without one, so that the
 * series stay as many as the configured tenants).
 */
public final class AdmissionRefusals {

    private static final Comparator<RefusalCount> ORDER = Comparator
            .comparing((RefusalCount c) -> c.tenant().map(TenantId::id).orElse(""))
            .thenComparing(RefusalCount::request).thenComparing(RefusalCount::kind);

    private final Map<Key, LongAdder> counts = new ConcurrentHashMap<>();

    /**
     * Counts one refusal.
     *
     * @param tenant  a known tenant, or null
     * @param request what was refused
     * @param kind    why
     */
    public void refused(TenantId tenant, RefusalCount.Request request, SlicingException.Kind kind) {
        counts.computeIfAbsent(new Key(tenant, request, kind), k -> new LongAdder()).increment();
    }

    /**
     * Returns the counts, ordered by tenant, request and kind.
     *
     * @return counts
     */
    public List<RefusalCount> counts() {
        List<RefusalCount> out = new ArrayList<>(counts.size());
        counts.forEach((k, n) -> out.add(new RefusalCount(k.tenant, k.request, k.kind, n.sum())));
        out.sort(ORDER);
        return out;
    }

    private static final class Key {
        private final TenantId tenant;
        private final RefusalCount.Request request;
        private final SlicingException.Kind kind;

        Key(TenantId tenant, RefusalCount.Request request, SlicingException.Kind kind) {
            this.tenant = tenant;
            this.request = request;
            this.kind = kind;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Key)) {
                return false;
            }
            Key k = (Key) o;
            return Objects.equals(tenant, k.tenant) && request == k.request && kind == k.kind;
        }

        @Override
        public int hashCode() {
            return Objects.hash(tenant, request, kind);
        }
    }
}

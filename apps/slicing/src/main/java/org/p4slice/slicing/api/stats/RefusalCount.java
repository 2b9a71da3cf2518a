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
package org.p4slice.slicing.api.stats;

import com.google.common.base.MoreObjects;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * How often admission refused one kind of request of one tenant for one reason.
 */
public final class RefusalCount {

    /** What was refused. */
    public enum Request {
        /** A slice created or changed. */
        SLICE,
        /** A slot booked or extended. */
        BOOKING
    }

    private final TenantId tenant;
    private final Request request;
    private final SlicingException.Kind kind;
    private final long count;

    /**
     * Creates a count.
     *
     * @param tenant  the request's tenant, or null when it named no known tenant
     * @param request what was refused
     * @param kind    why
     * @param count   how often, at least 0
     */
    public RefusalCount(TenantId tenant, Request request, SlicingException.Kind kind, long count) {
        checkArgument(count >= 0, "count must be >= 0, got %s", count);
        this.tenant = tenant;
        this.request = checkNotNull(request, "request must not be null");
        this.kind = checkNotNull(kind, "kind must not be null");
        this.count = count;
    }

    /**
     * Returns the tenant of the refused requests.
     *
     * @return tenant, or empty when the requests named no known tenant
     */
    public Optional<TenantId> tenant() {
        return Optional.ofNullable(tenant);
    }

    /**
     * Returns what was refused.
     *
     * @return request
     */
    public Request request() {
        return request;
    }

    /**
     * Returns why it was refused.
     *
     * @return kind of the refusal
     */
    public SlicingException.Kind kind() {
        return kind;
    }

    /**
     * Returns how often.
     *
     * @return count
     */
    public long count() {
        return count;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof RefusalCount)) {
            return false;
        }
        RefusalCount that = (RefusalCount) o;
        return count == that.count && Objects.equals(tenant, that.tenant) && request == that.request
                && kind == that.kind;
    }

    @Override
    public int hashCode() {
        return Objects.hash(tenant, request, kind, count);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("tenant", tenant).add("request", request).add("kind", kind)
                .add("count", count).toString();
    }
}

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
package org.p4slice.slicing.impl.tenant;

import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.slf4j.Logger;

import java.util.function.Function;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Runs a change and writes its outcome, done or refused, to the audit log. A failure to write the
 * log is logged and does not undo or refuse the change.
 */
public final class AuditTrail {

    /** Result of a change that was done. */
    static final String OK = "OK";

    private final Logger log = getLogger(getClass());
    private final Supplier<AuditService> audit;

    /**
     * Creates a trail.
     *
     * @param audit the audit log (null while it is not bound: nothing is written)
     */
    public AuditTrail(Supplier<AuditService> audit) {
        this.audit = checkNotNull(audit);
    }

    /**
     * Runs a change.
     *
     * @param scope  who
     * @param action what
     * @param target on what, before the change (e.g. the name of a slice being created)
     * @param tenant tenant concerned
     * @param done   on what, after the change (e.g. the id the slice got)
     * @param change the change
     * @param <T>    result type
     * @return the change's result
     */
    public <T> T run(TenantScope scope, String action, String target, TenantId tenant, Function<T, String> done,
              Supplier<T> change) {
        T result;
        try {
            result = change.get();
        } catch (SlicingException e) {
            write(scope, action, target, tenant, e.kind().status() + " " + e.kind() + ": " + e.getMessage());
            throw e;
        } catch (RuntimeException e) {
            write(scope, action, target, tenant, "ERROR " + e.getClass().getSimpleName() + ": " + e.getMessage());
            throw e;
        }
        write(scope, action, done.apply(result), tenant, OK);
        return result;
    }

    private void write(TenantScope scope, String action, String target, TenantId tenant, String result) {
        AuditService service = audit.get();
        if (service == null) {
            return;
        }
        try {
            service.record(scope.user().isEmpty() ? "(anonymous)" : scope.user(), action, target, tenant, result);
        } catch (RuntimeException e) {
            log.warn("Audit entry not written ({} {} {} by {}: {})", action, target, tenant, scope.user(), result, e);
        }
    }
}

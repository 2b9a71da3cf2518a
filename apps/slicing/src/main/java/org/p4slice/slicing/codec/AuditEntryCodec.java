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
package org.p4slice.slicing.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.p4slice.slicing.api.tenant.AuditEntry;

/**
 * JSON of an audit entry: {@code {"id", "time" (ISO-8601), "user", "action", "target", "tenant"
 * (or null), "result"}}.
 */
public final class AuditEntryCodec extends JsonCodec<AuditEntry> {

    @Override
    public ObjectNode encode(AuditEntry e, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode()
                .put("id", e.id())
                .put("time", e.time().toString())
                .put("user", e.user())
                .put("action", e.action())
                .put("target", e.target());
        if (e.tenant().isPresent()) {
            n.put("tenant", e.tenant().get().id());
        } else {
            n.putNull("tenant");
        }
        return n.put("result", e.result());
    }
}

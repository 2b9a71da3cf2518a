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
package org.p4slice.fairness.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.p4slice.fairness.api.FairnessSummary;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * JSON of a fairness summary (one entry of the history):
 * {@code {"timestamp", "mode", "windowSeconds", "cv", "jain", "maxDeviation", "slices", "backlogged"}}
 * ({@code slices} is a count here). Encode only.
 */
public final class FairnessSummaryCodec extends JsonCodec<FairnessSummary> {

    @Override
    public ObjectNode encode(FairnessSummary summary, CodecContext context) {
        ObjectNode n = encode(summary, checkNotNull(context, "context must not be null").mapper());
        n.put("slices", summary.slices());
        return n;
    }

    /**
     * Encodes the figures of a summary, without the slice count (which a report lists instead).
     *
     * @param summary summary
     * @param mapper  JSON mapper
     * @return JSON object
     */
    static ObjectNode encode(FairnessSummary summary, ObjectMapper mapper) {
        checkNotNull(summary, "summary must not be null");
        ObjectNode n = mapper.createObjectNode();
        n.put("timestamp", summary.timestamp());
        n.put("mode", summary.mode().configName());
        n.put("windowSeconds", summary.windowSeconds());
        n.put("cv", summary.cv());
        n.put("jain", summary.jain());
        n.put("maxDeviation", summary.maxDeviation());
        n.put("backlogged", summary.backlogged());
        return n;
    }
}

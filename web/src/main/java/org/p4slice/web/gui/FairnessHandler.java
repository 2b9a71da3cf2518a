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
package org.p4slice.web.gui;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.ui.RequestHandler;
import org.onlab.osgi.ServiceNotFoundException;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.fairness.api.FairnessViews;
import org.p4slice.fairness.codec.FairnessReportCodec;

import java.util.Collection;
import java.util.Optional;

/**
 * The fairness panel: per-slice share and deviation, CV and Jain's index of the fairness app's
 * latest report ({@code GET /fairness}). Request {@value #REQUEST}, answer {@value #RESPONSE}:
 * {@code {"ok": true, "report": {...}}}, or {@code {"ok": false, "code": 503, "message": ...}} while
 * the fairness app is not running.
 */
public class FairnessHandler extends GuiHandler {

    /** The browser's request. */
    public static final String REQUEST = "p4sliceFairnessRequest";
    /** The answer. */
    public static final String RESPONSE = "p4sliceFairnessResponse";
    /** Why there is no report. */
    static final String NOT_RUNNING = "the fairness service is not running (is the org.p4slice application active?)";

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        return ImmutableSet.of(new RequestHandler(REQUEST) {
            @Override
            public void process(ObjectNode payload) {
                Optional<FairnessReport> report = report();
                ObjectNode answer = objectNode();
                answer.put("ok", report.isPresent());
                if (report.isPresent()) {
                    answer.set("report", FairnessReportCodec.encode(report.get(), MAPPER));
                } else {
                    answer.put("code", 503);
                    answer.put("message", NOT_RUNNING);
                }
                send(RESPONSE, answer);
            }
        });
    }

    // the report as the caller may see it, if the fairness app runs
    private Optional<FairnessReport> report() {
        FairnessService fairness;
        try {
            fairness = directory().get(FairnessService.class);
        } catch (ServiceNotFoundException e) {
            return Optional.empty();
        }
        FairnessReport report = fairness == null ? null : fairness.getReport();
        return report == null ? Optional.empty() : Optional.of(FairnessViews.of(report, scope()));
    }
}

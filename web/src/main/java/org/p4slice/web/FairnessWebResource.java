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
package org.p4slice.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.rest.AbstractWebResource;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.fairness.api.FairnessViews;
import org.p4slice.fairness.api.FairnessSummary;
import org.p4slice.fairness.codec.FairnessReportCodec;
import org.p4slice.fairness.codec.FairnessSummaryCodec;
import org.onosproject.net.device.DeviceService;
import org.p4slice.fairness.metrics.MetricsSources;
import org.p4slice.fairness.metrics.P4sliceMetrics;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.stats.SlicingMetricsService;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.slicing.api.tenant.TenantGateService;

import javax.ws.rs.GET;
import javax.ws.rs.WebApplicationException;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

/**
 * Fairness of the slices, as the fairness app measures it from the per-slice counters: the latest
 * report, its recent history, and the same figures as Prometheus metrics.
 */
@Path("")
public class FairnessWebResource extends AbstractWebResource {

    @Context
    private SecurityContext security;

    /**
     * Gets the latest fairness report: per slice its quota, allocation, offered and delivered
     * rates, share (delivered / allocation) and deviation; over the backlogged slices the
     * coefficient of variation of the shares, Jain's index and the maximum deviation; per port and
     * link the allocation and the measured use.
     *
     * @return 200 OK with the report; 503 while the fairness service is not running
     * @onos.rsModel Fairness
     */
    @GET
    @Path("fairness")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getFairness() {
        FairnessService service = fairness();
        return ok(FairnessReportCodec.encode(FairnessViews.of(service.getReport(), scope()), mapper())).build();
    }

    /**
     * Gets the summaries of the latest reports, oldest first (one per polling period, as many as
     * the fairness app's history keeps).
     *
     * For operators and tenants' users (the summaries are of every slice); anyone else is refused.
     *
     * @return 200 OK with {"history": [summary...]}; 403 for a user who is neither an operator nor a
     *         tenant's user; 503 while the fairness service is not running
     * @onos.rsModel FairnessHistory
     */
    @GET
    @Path("fairness/history")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getFairnessHistory() {
        scope().checkSharesTestbed("the fairness history of the testbed");
        FairnessService service = fairness();
        ObjectNode root = mapper().createObjectNode();
        ArrayNode history = root.putArray("history");
        FairnessSummaryCodec codec = new FairnessSummaryCodec();
        for (FairnessSummary s : service.getHistory()) {
            history.add(codec.encode(s, this));
        }
        return ok(root).build();
    }

    /**
     * Gets p4slice's metrics in the Prometheus text exposition format (version 0.0.4): the slices'
     * states, quotas and enforced rates; per slice and device the counters and rates; the fairness
     * figures; capacity and use of every port and trunk; the switches' availability; the bookings
     * by state; admission refusals; the life-cycle steps' durations and queues; the audit log's size.
     * An operator sees every series, a tenant's user those of its tenant (and the testbed's fairness
     * figures); docs/northbound.md lists the metrics.
     *
     * @return 200 OK with text/plain metrics; 503 while the fairness service is not running
     */
    @GET
    @Path("metrics")
    @Produces(MediaType.TEXT_PLAIN)
    public Response getMetrics() {
        FairnessService service = fairness();
        Caller caller = Callers.of(security);
        TenantGateService gate = get(TenantGateService.class);
        SliceService slices = get(SliceService.class);
        MetricsSources sources = MetricsSources.builder(gate.scope(caller), service.getReport())
                .slices(gate.getSlices(caller, null), slices::getMeterRate)
                .reservations(gate.getReservations(caller, null))
                .devices(optional(DeviceService.class))
                .work(optional(SlicingMetricsService.class), optional(AuditService.class))
                .build();
        return Response.ok(P4sliceMetrics.render(sources), P4sliceMetrics.CONTENT_TYPE).build();
    }

    // a service that may be absent (e.g. a development server without it): its families stay empty
    private <T> T optional(Class<T> type) {
        try {
            return get(type);
        } catch (ServiceNotFoundException e) {
            return null;
        }
    }

    private TenantScope scope() {
        return get(TenantGateService.class).scope(Callers.of(security));
    }

    /** Message of the 503 answered while the fairness component is not running. */
    static final String NOT_RUNNING = "the fairness service is not running (is the org.p4slice application active?)";

    // the fairness app is a component of the same application; while it is not (yet) active,
    // the figures do not exist: 503 with the reason, not a stack trace
    private FairnessService fairness() {
        FairnessService service;
        try {
            service = get(FairnessService.class);
        } catch (ServiceNotFoundException e) {
            service = null;
        }
        if (service == null) {
            throw new WebApplicationException(NOT_RUNNING, 503);
        }
        return service;
    }
}

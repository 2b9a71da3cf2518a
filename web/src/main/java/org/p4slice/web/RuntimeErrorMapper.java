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

import org.onlab.osgi.ServiceNotFoundException;
import org.onlab.util.ItemNotFoundException;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.codec.ApiError;
import org.p4slice.slicing.codec.RefusalStatus;
import org.slf4j.Logger;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;
import javax.ws.rs.ext.Provider;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Answers the other runtime failures as ONOS's own mappers do, but with the API's JSON error
 * body: a bad argument 400, a missing item 404, an illegal state 409, a service that is not
 * running or a cluster's storage that did not answer 503 (with {@code Retry-After}), anything else
 * 500 with a one-line message (the stack trace goes to the
 * controller's log, never into the response).
 */
@Provider
public class RuntimeErrorMapper implements ExceptionMapper<RuntimeException> {

    private static final Logger LOG = getLogger(RuntimeErrorMapper.class);

    @Override
    public Response toResponse(RuntimeException e) {
        return ErrorResponses.of(error(e));
    }

    /**
     * Returns the status and message answered for a runtime failure (the REST API's and the tenant
     * portal's).
     *
     * @param e failure
     * @return error
     */
    public static ApiError error(RuntimeException e) {
        String message = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
        if (e instanceof IllegalArgumentException) {
            return ApiError.of(Response.Status.BAD_REQUEST.getStatusCode(), message);
        }
        if (e instanceof ItemNotFoundException) {
            return ApiError.of(Response.Status.NOT_FOUND.getStatusCode(), message);
        }
        if (e instanceof IllegalStateException) {
            return ApiError.of(Response.Status.CONFLICT.getStatusCode(), message);
        }
        if (SlicingException.isStorageFailure(e)) {
            return RefusalStatus.error(SlicingException.storageUnavailable(e, "serving the request"));
        }
        if (e instanceof ServiceNotFoundException) {
            return ApiError.of(Response.Status.SERVICE_UNAVAILABLE.getStatusCode(),
                               message + " (is the org.p4slice application active?)");
        }
        LOG.warn("Unexpected failure of a p4slice web request", e);
        return ApiError.of(Response.Status.INTERNAL_SERVER_ERROR.getStatusCode(),
                           "internal error: " + e.getClass().getSimpleName()
                                   + (message.isEmpty() ? "" : ": " + message) + " (details in the ONOS log)");
    }
}

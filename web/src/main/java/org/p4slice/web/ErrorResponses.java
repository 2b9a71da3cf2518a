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

import org.p4slice.slicing.codec.ApiError;
import org.p4slice.slicing.codec.SlicingCodecs;

import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * Builds the error responses of the REST API: the status and {@code {"code": <int>, "message":
 * "..."}}, through the shared error codec. Every exception mapper of the application uses it.
 */
final class ErrorResponses {

    /** What a 503 (the cluster's storage or the app unavailable) tells the client to wait, in seconds. */
    static final int RETRY_AFTER_SECONDS = 5;

    private ErrorResponses() {
    }

    /**
     * Returns the response reporting an error.
     *
     * @param error status and message
     * @return response
     */
    static Response of(ApiError error) {
        Response.ResponseBuilder b = Response.status(error.code())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(SlicingCodecs.API_ERROR.encode(error, SlicingCodecs.context()).toString());
        if (error.code() == Response.Status.SERVICE_UNAVAILABLE.getStatusCode()) {
            b.header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
        }
        return b.build();
    }

    /**
     * Returns the response reporting an error.
     *
     * @param code    HTTP status code
     * @param message what and why
     * @return response
     */
    static Response of(int code, String message) {
        return of(ApiError.of(code, message));
    }
}

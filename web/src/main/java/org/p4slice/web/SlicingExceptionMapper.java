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

import org.p4slice.slicing.codec.RefusalStatus;
import org.p4slice.slicing.api.SlicingException;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;
import javax.ws.rs.ext.Provider;

/**
 * Answers a refused slicing operation with the status of its kind ({@link RefusalStatus}: 400, 403,
 * 404, 409, or 503 with a {@code Retry-After} when the cluster's storage did not answer) and its
 * message. Malformed request bodies are reported as {@code INVALID} refusals too.
 */
@Provider
public class SlicingExceptionMapper implements ExceptionMapper<SlicingException> {

    @Override
    public Response toResponse(SlicingException e) {
        return ErrorResponses.of(RefusalStatus.error(e));
    }
}

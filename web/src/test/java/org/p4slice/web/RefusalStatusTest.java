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

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.codec.RefusalStatus;
import com.google.common.collect.ImmutableMap;
import org.junit.Test;
import org.p4slice.slicing.api.AdmissionRefusedException;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.slicing.codec.ApiError;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.EnumSet;
import java.util.Map;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * The one mapping of a refusal's kind to the HTTP status REST and the GUI answer with.
 */
public class RefusalStatusTest {

    private static final Map<Kind, Integer> STATUS = ImmutableMap.of(
            Kind.INVALID, 400,
            Kind.FORBIDDEN, 403,
            Kind.NOT_FOUND, 404,
            Kind.CONFLICT, 409,
            Kind.ADMISSION_REFUSED, 409);

    @Test
    public void everyKindHasItsStatus() {
        assertThat("the table names every kind", STATUS.keySet(), is(EnumSet.allOf(Kind.class)));
        for (Kind kind : Kind.values()) {
            assertThat(kind.name(), kind.status(), is(STATUS.get(kind)));
        }
    }

    @Test
    public void everyRefusalIsAnsweredWithTheStatusOfItsKind() {
        assertThat(RefusalStatus.error(SlicingException.invalid("x")).code(), is(400));
        assertThat(RefusalStatus.error(SlicingException.forbidden("x")).code(), is(403));
        assertThat(RefusalStatus.error(SlicingException.notFound("x")).code(), is(404));
        assertThat(RefusalStatus.error(ReservationId.of(3).notFound()).code(), is(404));
        assertThat(RefusalStatus.error(SlicingException.conflict("x")).code(), is(409));
        assertThat(RefusalStatus.error(new AdmissionRefusedException("port device:bmv2:s1/1", 100, 90, 10, 5))
                           .code(), is(409));
    }

    @Test
    public void errorsCarryTheStatusOfTheirKind() {
        ApiError notFound = RefusalStatus.error(SlicingException.notFound("slice 9 does not exist"));
        assertThat(notFound, is(ApiError.of(404, "slice 9 does not exist")));
        assertThat(SlicingCodecs.API_ERROR.encode(notFound, SlicingCodecs.context()).toString(),
                   is("{\"code\":404,\"message\":\"slice 9 does not exist\"}"));
        ApiError refused = RefusalStatus.error(new AdmissionRefusedException("port device:bmv2:s1/1", 100, 90, 10, 5));
        assertThat(refused.code(), is(409));
        assertThat(SlicingCodecs.API_ERROR.decode(SlicingCodecs.API_ERROR.encode(refused, SlicingCodecs.context()),
                                                  SlicingCodecs.context()), is(refused));
    }

    @Test
    public void aRefusalWithoutMessageIsNamedByItsKind() {
        assertThat(RefusalStatus.error(new SlicingException(Kind.CONFLICT, null)), is(ApiError.of(409, "CONFLICT")));
    }
}

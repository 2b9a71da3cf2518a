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
package org.p4slice.cli;

import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.codec.SlicingCodecs;

/**
 * Books a slot: the slice described as for {@code slice-add} is created at the start and
 * released at the end.
 */
@Service
@Command(scope = "p4slice", name = "reserve",
        description = "Books a slot: the slice (arguments and options as for slice-add) is created at --start "
                + "and released at --end")
public class ReserveCommand extends SliceAddCommand {

    @Option(name = "--start", required = true,
            description = "First instant of the slot, ISO-8601 with offset, e.g. 2026-11-21T10:00:00Z")
    String start;

    @Option(name = "--end", required = true,
            description = "First instant after the slot, ISO-8601 with offset, e.g. 2026-11-21T12:00:00Z")
    String end;

    @Override
    protected void run() {
        SliceRequest slice = sliceRequest();
        ReservationRequest request = ReservationRequest.of(slice.tenant(), slice,
                                                           ReservationRequest.parseTime(start, "--start"),
                                                           ReservationRequest.parseTime(end, "--end"));
        Reservation r = service(TenantGateService.class).reserve(caller(), request);
        if (outputJson()) {
            printJson(SlicingCodecs.RESERVATION.encode(r, this));
        } else {
            ReservationOutput.lines(ImmutableList.of(r)).forEach(l -> print("%s", l));
        }
    }
}

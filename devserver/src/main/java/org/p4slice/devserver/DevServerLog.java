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
package org.p4slice.devserver;

import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationEvent;
import org.p4slice.slicing.api.reservation.ReservationListener;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.testbed.SlicingTestbed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dev server's log of what happens: every slice change with what each of its devices then
 * holds, and every reservation booked, started, ended, cancelled or failed.
 */
final class DevServerLog {

    private final Logger log = LoggerFactory.getLogger(DevServer.class);
    private final SlicingTestbed testbed;
    private final SliceListener slices = this::report;
    private final ReservationListener reservations = this::report;

    /**
     * Starts logging the events of a running testbed.
     *
     * @param testbed testbed
     */
    DevServerLog(SlicingTestbed testbed) {
        this.testbed = testbed;
        testbed.slices().addListener(slices);
        testbed.reservations().addListener(reservations);
    }

    /**
     * Stops logging.
     */
    void stop() {
        testbed.slices().removeListener(slices);
        testbed.reservations().removeListener(reservations);
    }

    private void report(SliceEvent event) {
        Slice s = event.subject();
        log.info("{} slice {} ({}/{}) {}", event.type(), s.id(), s.tenant(), s.name(), s.state());
        if (event.type() != SliceEvent.Type.SLICE_REMOVED
                && s.state() != SliceState.ACTIVE && s.state() != SliceState.FAILED) {
            return;
        }
        for (DeviceId d : s.devices()) {
            log.info("  {} now holds {} table entries, {} meter cells, {} groups", d,
                     testbed.flows.installed(d).size(), testbed.meters.installed(d).size(),
                     testbed.groups.installed(d).size());
        }
    }

    private void report(ReservationEvent event) {
        Reservation r = event.subject();
        log.info("{} reservation {} ({}/{}, {} to {}) {}{}{}", event.type(), r.id(), r.tenant(), r.request().name(),
                 r.start(), r.end(), r.state(), r.sliceId().map(id -> " slice " + id).orElse(""),
                 r.reason().map(why -> ": " + why).orElse(""));
    }
}

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

import org.junit.Test;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.codec.ReservationCodec;
import org.p4slice.slicing.codec.SlicingCodecs;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.ReservationTestClock;

import java.time.Instant;
import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * reservations, reserve, reservation-cancel, reservation-extend and the reservation id completer,
 * over the real reservation and slice managers at a fixed time.
 */
public class ReservationCommandsTest extends CliTestBase {

    private static final String HEADER = "ID  TENANT  NAME  START                 END                   STATE      "
            + "SLICE  QUOTA    PORTS";
    private static final String LAB1 = "1   itb     lab1  2026-11-21T10:00:00Z  2026-11-21T12:00:00Z  SCHEDULED  "
            + "-      25 Mb/s  device:bmv2:s1/1,device:bmv2:s1/3(trunk)";

    @Override
    protected void configure(SlicingTestbed tb) {
        tb.useClock(new ReservationTestClock(Instant.parse("2026-11-21T08:00:00Z")));
    }

    private Reservation reservation(long id) {
        return testbed.reservations().getReservation(ReservationId.of(id)).orElseThrow();
    }

    private void reserveLab1() throws Exception {
        run(new ReserveCommand(), "-t", "itb", "-q", "25M", "--trunk", "device:bmv2:s1/3",
            "--start", "2026-11-21T10:00:00Z", "--end", "2026-11-21T13:00:00+01:00", "lab1", "device:bmv2:s1/1");
    }

    @Test
    public void reservePrintsTheBookingWithSliceAddsOptions() throws Exception {
        reserveLab1();
        assertThat(out(), is(List.of(HEADER, LAB1)));
        assertThat(err(), is(List.of()));
        Reservation r = reservation(1);
        assertThat(r.request().quotaBps(), is(25_000_000L));
        assertThat(r.end(), is(Instant.parse("2026-11-21T12:00:00Z")));
        assertThat(testbed.slices().getSlices().size(), is(0));

        run(new ReserveCommand(), "-j", "--id", "7", "--vlan", "300", "-b", "4096", "-t", "ui", "-q", "1M",
            "--start", "2026-11-21T10:00:00Z", "--end", "2026-11-21T11:00:00Z", "lab2", "device:bmv2:s1/2");
        Reservation r2 = reservation(2);
        assertThat(r2.request().vlan().orElseThrow().toShort(), is((short) 300));
        assertThat(r2.request().burstBytes(), is(4096L));
        assertThat(out(), is(List.of(SlicingCodecs.RESERVATION.encode(r2, SlicingCodecs.context()).toString())));
    }

    @Test
    public void reservationsListsAsTableAndJson() throws Exception {
        run(new ReservationsCommand());
        assertThat(out(), is(List.of("ID  TENANT  NAME  START  END  STATE  SLICE  QUOTA  PORTS")));
        reserveLab1();
        out();
        run(new ReservationsCommand());
        assertThat(out(), is(List.of(HEADER, LAB1)));
        run(new ReservationsCommand(), "-j");
        assertThat(out(), is(List.of(ReservationCodec.reservations(List.of(reservation(1)), SlicingCodecs.context())
                                             .put("total", 1).put("offset", 0).put("limit", 100)
                                             .putNull("nextOffset").toString())));
        run(new ReservationsCommand(), "--json", "-t", "ui");
        assertThat(out(), is(List.of("{\"reservations\":[],\"total\":0,\"offset\":0,\"limit\":100,"
                + "\"nextOffset\":null}")));
    }

    @Test
    public void reservationsFiltersAndPagesAsRestDoes() throws Exception {
        reserveLab1();
        out();
        run(new ReservationsCommand(), "-s", "ACTIVE");
        assertThat(out(), is(List.of("ID  TENANT  NAME  START  END  STATE  SLICE  QUOTA  PORTS")));
        run(new ReservationsCommand(), "--state", "scheduled", "--from", "2026-11-21T11:00:00Z", "--to",
            "2026-11-21T11:30:00Z");
        assertThat(out(), is(List.of(HEADER, LAB1)));
        run(new ReservationsCommand(), "--to", "2026-11-21T10:00:00Z");
        assertThat(out(), is(List.of("ID  TENANT  NAME  START  END  STATE  SLICE  QUOTA  PORTS")));
        run(new ReservationsCommand(), "-l", "0");
        assertThat(err(), is(List.of("Error: limit must be an integer from 1 to 1000, got \"0\"")));
        run(new ReservationsCommand(), "-s", "DONE");
        assertThat(err(), is(List.of("Error: state must be one or more of SCHEDULED,ACTIVE,COMPLETED,CANCELLED,"
                + "FAILED, separated by commas, got \"DONE\"")));
        assertThat(out(), is(List.of()));
    }

    @Test
    public void errorsAreOneLineAndChangeNothing() throws Exception {
        reserveLab1();
        out();
        run(new ReserveCommand(), "-t", "itb", "-q", "1M", "--start", "2026-11-21T11:00:00Z", "--end",
            "2026-11-21T14:00:00Z", "lab2", "device:bmv2:s1/1");
        assertThat(err(), is(List.of("Error: at 2026-11-21T11:00:00Z: port device:bmv2:s1/1 is the access port of "
                                             + "reservation 1 (itb/lab1, 2026-11-21T10:00:00Z to "
                                             + "2026-11-21T12:00:00Z); an access port belongs to one slice only")));
        run(new ReserveCommand(), "-t", "itb", "-q", "1M", "--start", "10:00", "--end", "2026-11-21T14:00:00Z",
            "lab2", "device:bmv2:s1/2");
        assertThat(err(), is(List.of("Error: --start must be an ISO-8601 time with offset such as "
                                             + "2026-11-21T10:00:00Z, got \"10:00\"")));
        run(new ReserveCommand(), "-t", "itb", "-q", "1M", "--start", "2026-11-21T07:00:00Z", "--end",
            "2026-11-21T09:00:00Z", "lab2", "device:bmv2:s1/2");
        assertThat(err(), is(List.of("Error: start 2026-11-21T07:00:00Z is in the past (now 2026-11-21T08:00:00Z)")));
        run(new ReserveCommand(), "-t", "guest", "-q", "1M", "--start", "2026-11-21T10:00:00Z", "--end",
            "2026-11-21T11:00:00Z", "lab2", "device:bmv2:s1/2");
        assertThat(err(), is(List.of("Error: unknown tenant \"guest\"; the configured tenants are [itb, ufrgs, ui]")));
        run(new ReservationCancelCommand(), "9");
        assertThat(err(), is(List.of("Error: no reservation with id 9")));
        run(new ReservationCancelCommand(), "0");
        assertThat(err(), is(List.of("Error: reservation id must be a positive integer, got 0")));
        run(new ReservationExtendCommand(), "1", "14:00");
        assertThat(err(), is(List.of("Error: end must be an ISO-8601 time with offset such as "
                                             + "2026-11-21T10:00:00Z, got \"14:00\"")));
        assertThat(out(), is(List.of()));
        assertThat(testbed.reservations().getReservations().size(), is(1));
        assertThat(reservation(1).end(), is(Instant.parse("2026-11-21T12:00:00Z")));
    }

    @Test
    public void cancelAndExtend() throws Exception {
        reserveLab1();
        out();
        run(new ReservationExtendCommand(), "1", "2026-11-21T14:00:00Z");
        List<String> lines = out();
        assertThat(lines.get(1).contains("2026-11-21T14:00:00Z  SCHEDULED"), is(true));
        assertThat(reservation(1).end(), is(Instant.parse("2026-11-21T14:00:00Z")));

        run(new ReservationCancelCommand(), "1");
        assertThat(out(), is(List.of("Cancelled reservation 1: cancelled at 2026-11-21T08:00:00Z before its start")));
        assertThat(reservation(1).state(), is(ReservationState.CANCELLED));
        run(new ReservationCancelCommand(), "1");
        assertThat(err(), is(List.of("Error: reservation 1 is CANCELLED; only a SCHEDULED or ACTIVE reservation "
                                             + "can be cancelled")));
    }

    @Test
    public void completerOffersTheReservationsThatCanStillChange() throws Exception {
        reserveLab1();
        run(new ReserveCommand(), "-t", "itb", "-q", "1M", "--start", "2026-11-21T10:00:00Z", "--end",
            "2026-11-21T11:00:00Z", "lab2", "device:bmv2:s1/2");
        run(new ReservationCancelCommand(), "1");
        ReservationIdCompleter completer = new ReservationIdCompleter();
        completer.services = services;
        completer.caller = caller;
        assertThat(completer.candidates(), is(List.of("2")));
    }
}

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

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.SliceId;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses command arguments; every malformed value is an {@link IllegalArgumentException} whose
 * message names the argument and shows an example.
 */
final class CliParsing {

    private static final Pattern PORT = Pattern.compile("(.+)/([0-9]{1,10})");
    private static final Pattern RATE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)([kKmMgGtT]?)");
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]{1,18}");

    private CliParsing() {
    }

    /**
     * Parses a switch port, {@code device:bmv2:s1/1}.
     *
     * @param text argument
     * @return connect point
     */
    static ConnectPoint port(String text) {
        Matcher m = PORT.matcher(text);
        if (!m.matches() || !m.group(1).contains(":")) {
            throw new IllegalArgumentException("a port must be written device/port such as device:bmv2:s1/1, got \""
                    + text + "\"");
        }
        return new ConnectPoint(DeviceId.deviceId(m.group(1)), PortNumber.portNumber(Long.parseLong(m.group(2))));
    }

    /**
     * Parses the ports of a slice: access ports first, then trunk ports, each in the order given.
     *
     * @param access access (untagged host) ports, {@code device:bmv2:s1/1}
     * @param trunk  trunk (tagged) ports
     * @return endpoints
     */
    static List<Endpoint> endpoints(List<String> access, List<String> trunk) {
        List<Endpoint> endpoints = new ArrayList<>();
        access.forEach(p -> endpoints.add(Endpoint.access(port(p))));
        trunk.forEach(p -> endpoints.add(Endpoint.trunk(port(p))));
        return endpoints;
    }

    /**
     * Parses a rate in bits per second: an integer, or a number with an SI suffix
     * ({@code k}, {@code M}, {@code G}, {@code T}: 10^3, 10^6, 10^9, 10^12), e.g. {@code 25M}.
     *
     * @param option option name, for the message
     * @param text   argument
     * @return bits per second
     */
    static long rate(String option, String text) {
        Matcher m = RATE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(option + " must be bits per second such as 25000000, 25M or 1.5G, got \""
                    + text + "\"");
        }
        int exponent;
        switch (m.group(2).toLowerCase()) {
            case "k":
                exponent = 3;
                break;
            case "m":
                exponent = 6;
                break;
            case "g":
                exponent = 9;
                break;
            case "t":
                exponent = 12;
                break;
            default:
                exponent = 0;
        }
        BigDecimal bps = new BigDecimal(m.group(1)).scaleByPowerOfTen(exponent);
        try {
            return bps.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(option + " must be a whole number of bits per second that fits "
                    + "64 bits, got \"" + text + "\"");
        }
    }

    /**
     * Parses an integer argument.
     *
     * @param option option or argument name, for the message
     * @param text   argument
     * @return value
     */
    static long integer(String option, String text) {
        if (!INTEGER.matcher(text).matches()) {
            throw new IllegalArgumentException(option + " must be an integer, got \"" + text + "\"");
        }
        return Long.parseLong(text);
    }

    /**
     * Parses a slice id.
     *
     * @param text argument
     * @return slice id
     */
    static SliceId sliceId(String text) {
        return SliceId.parse(text);
    }

    /**
     * Parses a reservation id.
     *
     * @param text argument
     * @return reservation id
     */
    static ReservationId reservationId(String text) {
        long id = integer("reservation id", text);
        if (id < ReservationId.MIN) {
            throw new IllegalArgumentException("reservation id must be a positive integer, got " + id);
        }
        return ReservationId.of(id);
    }

    /**
     * Says where the next page of a listing starts, printed under the page.
     *
     * @param page page shown
     * @return the line, or empty on the last page
     */
    static Optional<String> nextPage(Page<?> page) {
        if (!page.nextOffset().isPresent()) {
            return Optional.empty();
        }
        return Optional.of(String.format("(%d of %d shown; next page: --offset %d)", page.items().size(),
                                         page.total(), page.nextOffset().getAsInt()));
    }
}

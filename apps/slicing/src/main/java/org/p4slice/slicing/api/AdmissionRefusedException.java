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
package org.p4slice.slicing.api;

import java.util.Objects;

/**
 * A port or link the slice crosses has not enough capacity left: the sum of the quotas on it
 * would exceed {@code floor((1 - guardBand) * capacity)}.
 */
public class AdmissionRefusedException extends SlicingException {

    private static final long serialVersionUID = 1L;

    private final String resource;
    private final long capacityBps;
    private final long allocatedBps;
    private final long requestedBps;
    private final long shortfallBps;

    /**
     * Creates an exception; the message names every figure.
     *
     * @param resource     the port or link, e.g. {@code "port device:bmv2:s1/1"}
     * @param capacityBps  its capacity
     * @param allocatedBps the quotas already allocated on it
     * @param requestedBps the quota requested
     * @param shortfallBps how much is missing ({@code allocated + requested - usable})
     */
    public AdmissionRefusedException(String resource, long capacityBps, long allocatedBps,
                                     long requestedBps, long shortfallBps) {
        super(Kind.ADMISSION_REFUSED, String.format(
                "admission refused on %s: capacity %d bps, usable %d bps after the guard band, "
                        + "allocated %d bps, requested %d bps, short by %d bps",
                resource, capacityBps, allocatedBps + requestedBps - shortfallBps, allocatedBps,
                requestedBps, shortfallBps));
        this.resource = resource;
        this.capacityBps = capacityBps;
        this.allocatedBps = allocatedBps;
        this.requestedBps = requestedBps;
        this.shortfallBps = shortfallBps;
    }

    /**
     * Creates an exception with the figures of another and a message that puts them in context
     * (e.g. the instant and the holders of a reservation's refusal).
     *
     * @param message what, when and why
     * @param figures the refusal whose figures are reported
     */
    public AdmissionRefusedException(String message, AdmissionRefusedException figures) {
        this(message, message, figures);
    }

    /**
     * Creates an exception with the figures of another, a message that names the holders of the
     * capacity (for operators) and one that does not (for anyone else).
     *
     * @param message       what, when and why, naming the holders
     * @param tenantMessage the same without the holders
     * @param figures       the refusal whose figures are reported
     */
    public AdmissionRefusedException(String message, String tenantMessage, AdmissionRefusedException figures) {
        super(Kind.ADMISSION_REFUSED, message, tenantMessage);
        this.resource = figures.resource;
        this.capacityBps = figures.capacityBps;
        this.allocatedBps = figures.allocatedBps;
        this.requestedBps = figures.requestedBps;
        this.shortfallBps = figures.shortfallBps;
    }

    /**
     * Returns the refusing port or link.
     *
     * @return resource description
     */
    public String resource() {
        return resource;
    }

    /**
     * Returns its capacity.
     *
     * @return bits per second
     */
    public long capacityBps() {
        return capacityBps;
    }

    /**
     * Returns the quotas already allocated on it.
     *
     * @return bits per second
     */
    public long allocatedBps() {
        return allocatedBps;
    }

    /**
     * Returns the quota requested.
     *
     * @return bits per second
     */
    public long requestedBps() {
        return requestedBps;
    }

    /**
     * Returns how much capacity is missing.
     *
     * @return bits per second
     */
    public long shortfallBps() {
        return shortfallBps;
    }

    @Override
    public SlicingException forTenant() {
        return Objects.equals(tenantMessage(), getMessage()) ? this
                : new AdmissionRefusedException(tenantMessage(), this);
    }
}

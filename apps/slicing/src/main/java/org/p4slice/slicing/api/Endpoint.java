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

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A switch port of a slice and how the slice uses it (immutable).
 */
public final class Endpoint {

    private final ConnectPoint connectPoint;
    private final EndpointMode mode;

    private Endpoint(ConnectPoint connectPoint, EndpointMode mode) {
        this.connectPoint = checkNotNull(connectPoint, "endpoint connect point must not be null");
        this.mode = checkNotNull(mode, "endpoint mode must not be null");
    }

    /**
     * Returns an endpoint.
     *
     * @param connectPoint device and port
     * @param mode         access or trunk
     * @return endpoint
     */
    public static Endpoint of(ConnectPoint connectPoint, EndpointMode mode) {
        return new Endpoint(connectPoint, mode);
    }

    /**
     * Returns the switch port of an endpoint as a request gives it: a device and a port number.
     *
     * @param device device
     * @param port   port number (0 or more)
     * @return connect point
     * @throws IllegalArgumentException if the port number is negative
     */
    public static ConnectPoint port(DeviceId device, long port) {
        if (port < 0) {
            throw new IllegalArgumentException("endpoint port must be a port number, got " + port);
        }
        return new ConnectPoint(device, PortNumber.portNumber(port));
    }

    /**
     * Returns an access (untagged host) endpoint.
     *
     * @param connectPoint device and port
     * @return endpoint
     */
    public static Endpoint access(ConnectPoint connectPoint) {
        return new Endpoint(connectPoint, EndpointMode.ACCESS);
    }

    /**
     * Returns a trunk (tagged) endpoint.
     *
     * @param connectPoint device and port
     * @return endpoint
     */
    public static Endpoint trunk(ConnectPoint connectPoint) {
        return new Endpoint(connectPoint, EndpointMode.TRUNK);
    }

    /**
     * Returns the device and port.
     *
     * @return connect point
     */
    public ConnectPoint connectPoint() {
        return connectPoint;
    }

    /**
     * Returns how the slice uses the port.
     *
     * @return mode
     */
    public EndpointMode mode() {
        return mode;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Endpoint)) {
            return false;
        }
        Endpoint that = (Endpoint) o;
        return connectPoint.equals(that.connectPoint) && mode == that.mode;
    }

    @Override
    public int hashCode() {
        return Objects.hash(connectPoint, mode);
    }

    @Override
    public String toString() {
        return connectPoint + "(" + mode.name().toLowerCase() + ")";
    }
}

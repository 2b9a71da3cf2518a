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
package org.p4slice.pipeconf.behaviour;

import com.google.common.base.Strings;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

import static java.lang.String.format;

/**
 * What a behaviour needs to talk P4Runtime to its device, found the way ONOS 2.7's own
 * P4Runtime driver behaviours find it ({@code AbstractP4RuntimeHandlerBehaviour}): the client
 * from {@link P4RuntimeController}, the P4Runtime-internal device id from the {@code device_id}
 * query parameter of the device's management address ({@code grpc://host:port?device_id=1},
 * netcfg {@code basic.managementAddress}, else the device annotation of the same name), and
 * the pipeconf bound to the device.
 */
final class P4RuntimeAccess {

    private static final String DEVICE_ID_PARAM = "device_id=";

    private final DeviceId deviceId;
    private final P4RuntimeClient client;
    private final long p4DeviceId;
    private final PiPipeconf pipeconf;

    private P4RuntimeAccess(DeviceId deviceId, P4RuntimeClient client, long p4DeviceId, PiPipeconf pipeconf) {
        this.deviceId = deviceId;
        this.client = client;
        this.p4DeviceId = p4DeviceId;
        this.pipeconf = pipeconf;
    }

    /**
     * Finds the P4Runtime client, device id and pipeconf of the handler's device.
     *
     * @param handler driver handler of the device
     * @return access to the device
     * @throws P4RuntimeAccessException naming what is missing
     */
    static P4RuntimeAccess of(DriverHandler handler) throws P4RuntimeAccessException {
        DeviceId deviceId = handler.data().deviceId();
        P4RuntimeClient client = handler.get(P4RuntimeController.class).get(deviceId);
        if (client == null) {
            throw new P4RuntimeAccessException(format(
                    "device %s has no P4Runtime client (not connected, or not a P4Runtime device)", deviceId));
        }
        long p4DeviceId = p4DeviceId(deviceId, managementAddress(handler, deviceId));
        PiPipeconf pipeconf = handler.get(PiPipeconfService.class).getPipeconf(deviceId).orElseThrow(
                () -> new P4RuntimeAccessException(format("device %s has no pipeconf bound", deviceId)));
        return new P4RuntimeAccess(deviceId, client, p4DeviceId, pipeconf);
    }

    private static String managementAddress(DriverHandler handler, DeviceId deviceId)
            throws P4RuntimeAccessException {
        BasicDeviceConfig cfg = handler.get(NetworkConfigService.class).getConfig(deviceId, BasicDeviceConfig.class);
        if (cfg != null && !Strings.isNullOrEmpty(cfg.managementAddress())) {
            return cfg.managementAddress();
        }
        Device device = handler.get(DeviceService.class).getDevice(deviceId);
        String annotated = device == null ? null : device.annotations().value(AnnotationKeys.MANAGEMENT_ADDRESS);
        if (Strings.isNullOrEmpty(annotated)) {
            throw new P4RuntimeAccessException(format(
                    "device %s has no management address (netcfg basic.managementAddress, "
                            + "e.g. grpc://127.0.0.1:50001?device_id=1)", deviceId));
        }
        return annotated;
    }

    /**
     * Returns the P4Runtime-internal device id from a management address.
     *
     * @param deviceId ONOS device id, for messages
     * @param address  management address, e.g. {@code grpc://127.0.0.1:50001?device_id=1}
     * @return the device id
     * @throws P4RuntimeAccessException if the address has no valid {@code device_id}
     */
    static long p4DeviceId(DeviceId deviceId, String address) throws P4RuntimeAccessException {
        String query;
        try {
            query = new URI(address).getRawQuery();
        } catch (URISyntaxException e) {
            throw new P4RuntimeAccessException(format(
                    "management address '%s' of device %s is not a URI: %s", address, deviceId, e.getMessage()));
        }
        if (query != null) {
            for (String parameter : query.split("&")) {
                if (parameter.startsWith(DEVICE_ID_PARAM)) {
                    String value = URLDecoder.decode(
                            parameter.substring(DEVICE_ID_PARAM.length()), StandardCharsets.UTF_8);
                    try {
                        return Long.parseUnsignedLong(value);
                    } catch (NumberFormatException e) {
                        throw new P4RuntimeAccessException(format(
                                "management address '%s' of device %s: device_id '%s' is not a number",
                                address, deviceId, value));
                    }
                }
            }
        }
        throw new P4RuntimeAccessException(format(
                "management address '%s' of device %s has no device_id parameter", address, deviceId));
    }

    DeviceId deviceId() {
        return deviceId;
    }

    P4RuntimeClient client() {
        return client;
    }

    long p4DeviceId() {
        return p4DeviceId;
    }

    PiPipeconf pipeconf() {
        return pipeconf;
    }

    /** The device cannot be reached over P4Runtime, or refused a request; the message says why. */
    static final class P4RuntimeAccessException extends Exception {

        private static final long serialVersionUID = 1L;

        P4RuntimeAccessException(String message) {
            super(message);
        }
    }
}

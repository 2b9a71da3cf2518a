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
package org.p4slice.pipeconf;

/**
 * A per-slice operation on a device's counters or meter cells that the device could not
 * perform: no P4Runtime client or session, no pipeconf bound to the device, no P4Runtime device
 * id in its configuration, or an error answer from the device. The message names the device and
 * the cause.
 */
public class SliceDeviceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception with a message.
     *
     * @param message what failed, on which device, and why
     */
    public SliceDeviceException(String message) {
        super(message);
    }

    /**
     * Creates an exception with a message and its cause.
     *
     * @param message what failed, on which device, and why
     * @param cause   the underlying failure
     */
    public SliceDeviceException(String message, Throwable cause) {
        super(message, cause);
    }
}

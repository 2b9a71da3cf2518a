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
package org.p4slice.slicing.impl.capture;

/**
 * What a capture needs from the switches: the entries, the copy session and the rate-bounding meter cell
 * of one capture, written on every device that holds one of its ports (as that device's master, like a
 * slice's own entries), and removed again. The capture manager decides what to capture; this writes it.
 */
public interface CaptureDataPlane {

    /**
     * Writes what the capture needs on each of its devices and waits for the devices' confirmations.
     *
     * @param program what to capture, where and how
     * @throws CaptureDataPlaneException with the device and the reason, if a device refuses or does not
     *                                   answer in time; whatever was written is removed again
     */
    void install(CaptureProgram program) throws CaptureDataPlaneException;

    /**
     * Removes every entry, session and meter setting {@link #install} wrote for the capture. Idempotent:
     * removing a capture that is (partly) absent is not an error.
     *
     * @param program the capture as it was installed
     */
    void remove(CaptureProgram program);
}

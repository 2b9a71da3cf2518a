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
package org.p4slice.testbed;

import org.onosproject.net.DeviceId;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.List;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * What the slicing app asked the devices to install or remove, in order; every operation is
 * also logged (the dev server shows the device programming).
 */
public class ProgrammingLog {

    private final Logger log = getLogger("p4slice.devices");
    private final List<String> operations = new ArrayList<>();

    /**
     * Records an operation.
     *
     * @param device    device
     * @param operation what was done, e.g. {@code ADD meter ...}
     */
    public synchronized void record(DeviceId device, String operation) {
        String line = device + ": " + operation;
        operations.add(line);
        log.info("{}", line);
    }

    /**
     * Returns every operation recorded so far.
     *
     * @return operations, oldest first
     */
    public synchronized List<String> operations() {
        return new ArrayList<>(operations);
    }

    /**
     * Returns the number of operations recorded so far.
     *
     * @return count
     */
    public synchronized int size() {
        return operations.size();
    }
}

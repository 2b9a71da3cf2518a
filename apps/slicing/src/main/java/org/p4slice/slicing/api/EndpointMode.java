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

import java.util.Locale;

/**
 * How a slice uses a switch port.
 */
public enum EndpointMode {
    /** Untagged host port: frames enter and leave without a VLAN tag; one slice per port. */
    ACCESS,
    /** Tagged port: frames carry the slice's VLAN; a trunk port may carry many slices. */
    TRUNK;

    /**
     * Parses a mode as a request gives it: {@code access} or {@code trunk}, in any case.
     *
     * @param text mode
     * @return mode
     * @throws IllegalArgumentException if it is neither (the message quotes the text)
     */
    public static EndpointMode parse(String text) {
        try {
            return valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("endpoint mode must be \"access\" or \"trunk\", got \""
                    + text + "\"");
        }
    }
}

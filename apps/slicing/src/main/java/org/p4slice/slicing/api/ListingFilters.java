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

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The filters listings share, read from their text parameters (REST query parameters, CLI options).
 */
public final class ListingFilters {

    private ListingFilters() {
    }

    /**
     * Tells whether a parameter was given (neither null nor empty).
     *
     * @param text parameter as sent
     * @return true if given
     */
    public static boolean given(String text) {
        return text != null && !text.isEmpty();
    }

    /**
     * Parses comma-separated names of an enum's constants (any case).
     *
     * @param type the enum
     * @param text parameter as sent, e.g. {@code SCHEDULED,ACTIVE}
     * @param name the parameter's name, for the message
     * @param <E>  enum type
     * @return the constants, or null if the parameter was not given
     * @throws IllegalArgumentException naming the parameter, the constants and the value refused
     */
    public static <E extends Enum<E>> Set<E> states(Class<E> type, String text, String name) {
        if (!given(text)) {
            return null;
        }
        Set<E> states = EnumSet.noneOf(type);
        for (String s : text.split(",", -1)) {
            try {
                states.add(Enum.valueOf(type, s.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + " must be one or more of "
                        + Arrays.stream(type.getEnumConstants()).map(Enum::name).collect(Collectors.joining(","))
                        + ", separated by commas, got \"" + text + "\"");
            }
        }
        return states;
    }
}

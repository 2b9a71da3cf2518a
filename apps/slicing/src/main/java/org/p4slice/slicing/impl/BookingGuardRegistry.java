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
package org.p4slice.slicing.impl;

import org.p4slice.slicing.impl.admission.BookingGuard;
import org.osgi.service.component.annotations.Component;

/**
 * Where the slice manager finds the booked slots: the reservation manager registers itself here
 * while it runs. A component of its own, with no references, so that the slice manager and the
 * reservation manager (which needs the slice manager) do not reference each other: a service
 * cycle makes Felix SCR log "Circular reference detected" and bind them in an arbitrary order.
 */
@Component(immediate = true, service = BookingGuardRegistry.class)
public class BookingGuardRegistry {

    private volatile BookingGuard guard;

    /**
     * Registers the guard of the booked slots.
     *
     * @param bookingGuard guard
     */
    public void register(BookingGuard bookingGuard) {
        guard = bookingGuard;
    }

    /**
     * Removes the guard if it is the registered one.
     *
     * @param bookingGuard guard
     */
    public void unregister(BookingGuard bookingGuard) {
        if (guard == bookingGuard) {
            guard = null;
        }
    }

    /**
     * Returns the registered guard.
     *
     * @return guard, or null while none is registered
     */
    public BookingGuard get() {
        return guard;
    }
}

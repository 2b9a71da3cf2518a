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
package org.p4slice.fairness.api;

import org.p4slice.slicing.api.Slice;

/**
 * Sets the rate of a slice's meter (its cell of the per-slice meter on every device of the slice)
 * without changing the slice's quota or its admission. Used by the fairness app's enforce mode only;
 * the app never asks for more, on any port or link, than the guard band allows.
 */
public interface MeterRateController {

    /**
     * Sets the committed and peak rate of the slice's meter cells to {@code rateBps}, keeping the
     * slice's burst. Setting the quota restores the meter as the slicing app programmed it.
     *
     * @param slice   the slice (as currently stored by the slicing app)
     * @param rateBps rate in bits per second, &gt; 0
     * @throws IllegalArgumentException if the rate is not positive
     * @throws IllegalStateException    if the meters could not be submitted
     */
    void setRate(Slice slice, long rateBps);
}

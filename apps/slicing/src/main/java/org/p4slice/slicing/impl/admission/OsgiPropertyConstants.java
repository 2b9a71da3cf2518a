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

package org.p4slice.slicing.impl.admission;

/**
 * Names and defaults of the admission manager's component configuration properties
 * ({@code cfg set org.p4slice.slicing.impl.admission.AdmissionManager <name> <value>}).
 */
public final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    /** Guard band: fraction of every port's and link's capacity kept free, 0 &lt;= value &lt; 1. */
    public static final String GUARD_BAND = "guardBand";
    /**
     * Default guard band. A literal: ONOS's build copies it, as written, into the component's
     * {@code .cfgdef}, which is what {@code cfg get} shows and what ONOS hands the component at start.
     */
    public static final double GUARD_BAND_DEFAULT = 0.05;
}

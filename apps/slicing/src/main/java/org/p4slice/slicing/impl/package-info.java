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

/**
 * The slicing app's OSGi components: the slice, reservation and tenant managers and their distributed
 * stores. Their class names are what ONOS shows and configures ({@code cfg set
 * org.p4slice.slicing.impl.SliceManager guardBand 0.1}); the work they delegate lives in the
 * sub-packages: {@code admission} (may this slice or booking have these resources?), {@code slices}
 * (a slice's life: admitted, stored, programmed, kept true), {@code reservations} (the booking
 * scheduler) and {@code tenants} (the caller's scope, caps and audit).
 */
package org.p4slice.slicing.impl;

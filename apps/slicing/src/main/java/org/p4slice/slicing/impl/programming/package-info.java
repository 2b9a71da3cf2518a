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
 * Programming the devices: {@link org.p4slice.slicing.impl.programming.SliceDeployer} turns a stored slice
 * into a plan (the pure translator) and {@link org.p4slice.slicing.impl.programming.DeviceProgrammer} writes it
 * through ONOS's flow-rule and group services and the slices' meter cells
 * ({@link org.p4slice.slicing.impl.programming.MeterCellAccess}), only what differs, and removes it. No store, no
 * periodic work: the slice's life (when to program, what to repair) is {@code impl.slice}'s.
 */
package org.p4slice.slicing.impl.programming;

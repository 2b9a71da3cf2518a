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
 * Writing the devices: {@link org.p4slice.slicing.impl.programming.DeviceWriter} puts a slice plan on its
 * devices and takes it off (program, sync, update, meter cells, removal, counter reset) through ONOS's
 * flow-rule service, the slices' meter cells ({@link org.p4slice.slicing.impl.programming.MeterCellAccess})
 * and multicast groups ({@link org.p4slice.slicing.impl.programming.MulticastGroupAccess}), each part
 * confirmed by the device's answer, and returns one {@link org.p4slice.slicing.impl.programming.ProgramResult}.
 * No translation, no store, no periodic work: the plan comes from {@code impl.slice}'s planner, and the
 * slice's life (when to write, what to repair) is {@code impl.slice}'s.
 */
package org.p4slice.slicing.impl.programming;

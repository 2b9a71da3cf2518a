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
 * Programming the devices: {@link org.p4slice.slicing.programming.SliceDeployer} turns a stored slice
 * into a plan (the pure translator, with the hosts ONOS knows from {@link org.p4slice.slicing.programming.HostFacts})
 * and {@link org.p4slice.slicing.programming.DeviceProgrammer} writes it through ONOS's flow-rule and group
 * services and the pipeconf's meter cells, only what differs, and removes it;
 * {@link org.p4slice.slicing.programming.MeterCellAudit} repairs meter cells that drifted and
 * {@link org.p4slice.slicing.programming.EnforcedRates} keeps the rates the fairness app enforces.
 */
package org.p4slice.slicing.programming;

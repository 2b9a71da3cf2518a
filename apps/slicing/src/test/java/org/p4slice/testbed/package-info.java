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
 * The slicing stack over ONOS's test adapters, for the tests of every module and for the developer
 * tools: {@link org.p4slice.testbed.SlicingTestbed} runs the slicing app's components (slices,
 * reservations, tenants, audit log) wired as the OSGi runtime would ({@link org.p4slice.testbed.Components})
 * over fakes of the ONOS services they use: the network they read (devices, links, paths, pipeconfs,
 * mastership, network configuration, hosts), event delivery, clocks and executors, shared storage, and
 * device-programming services (flow rules, meters, groups) that record and log what they are asked to
 * install and can be scripted to fail, refuse or never answer. Also what the northbound's tests and the
 * dev server run on it: the REST services' directory ({@link org.p4slice.testbed.RestServices}),
 * ONOS's own PI translation of what the app submits ({@link org.p4slice.testbed.PiToPlan}), and the
 * reader of the invalid-input fixture files ({@link org.p4slice.testbed.InvalidInputs}). Test code: the
 * slicing module's test tree, published as its test jar for the other modules' tests and the developer
 * tools; never in the .oar.
 */
package org.p4slice.testbed;

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
 * Fakes of the ONOS services the slicing app uses: the network it reads (devices, links, paths,
 * pipeconfs, mastership, network configuration), event delivery, clocks and executors, and
 * device-programming services (flow rules, meters, groups) that record and log what they are asked
 * to install and can be scripted to fail, refuse or never answer; also the reader of the
 * invalid-input fixture files ({@link org.p4slice.slicing.testing.InvalidInputs}). Shared by the
 * slicing app's tests and by the testbed of the slicing stack
 * ({@code org.p4slice.slicing.testing.SlicingTestbed}) that the REST, GUI, CLI and tools tests run on
 * (published in the slicing module's test jar); safe to call from the REST server's threads.
 */
package org.p4slice.slicing.testing;

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
 * Scenario files (docs/scenario-format.md: a testbed topology, its hosts and the slices to create),
 * read and validated by {@link org.p4slice.testbed.scenario.ScenarioReader}, and the testbed built
 * from one ({@link org.p4slice.testbed.scenario.ScenarioTestbeds}).
 */
package org.p4slice.testbed.scenario;

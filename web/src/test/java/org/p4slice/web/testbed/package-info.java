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
 * The slicing app over ONOS's test adapters and the slicing app's test fakes
 * ({@code org.p4slice.slicing.testing}): a network of devices, ports and links (from a scenario
 * or built by tests), and device-programming services that record what they are asked to
 * install. Used by the REST, GUI and CLI tests and by the embedded dev server.
 */
package org.p4slice.web.testbed;

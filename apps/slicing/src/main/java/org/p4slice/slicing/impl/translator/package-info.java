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
 * Slice translation: {@link org.p4slice.slicing.impl.translator.SliceTranslator} turns a slice and the
 * known hosts into a {@link org.p4slice.slicing.impl.translator.SlicePlan} — the table entries, meter
 * cells and multicast groups of {@code docs/p4-contract.md} on every device the slice touches — without
 * any ONOS service. The slice manager programs the plan through ONOS; the {@code tools/} module's
 * plan exporter runs that manager on ONOS's test adapters to write the bmv2 harness's plans.
 */
package org.p4slice.slicing.impl.translator;

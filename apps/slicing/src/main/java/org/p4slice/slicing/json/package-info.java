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
 * The JSON of the values p4slice reads, the same wherever it comes from: a slice request and its
 * endpoints ({@link org.p4slice.slicing.json.SliceRequestJson}: REST bodies, GUI forms, the network
 * configuration's declared slices, scenario files) and the shape checks every reader uses
 * ({@link org.p4slice.slicing.json.JsonChecks}). Shared by the network configuration
 * ({@code org.p4slice.slicing.config}) and the northbound's codecs ({@code org.p4slice.slicing.codec}),
 * depending on neither.
 */
package org.p4slice.slicing.json;

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
 * JSON codecs of the slicing API, the northbound's JSON: REST bodies and answers, the CLI's
 * {@code -j} output, the GUI's payloads (docs/northbound.md). A slice request is read by
 * {@code org.p4slice.slicing.json.SliceRequestJson}, which the network configuration shares.
 * <p>
 * The codecs compose each other directly and use the {@link org.onosproject.codec.CodecContext}
 * only for its object mapper, so they give the same JSON whether or not they are registered with
 * ONOS's {@link org.onosproject.codec.CodecService}. Decoders check the JSON shape only (field
 * names, JSON types, required fields) and throw {@link java.lang.IllegalArgumentException} naming
 * the field; what a value may be (ranges of identifiers, port numbers, modes) is checked by the
 * API's builders and value types, which the CLI uses directly, and whether a request can be
 * granted by the slice manager.
 */
package org.p4slice.slicing.codec;

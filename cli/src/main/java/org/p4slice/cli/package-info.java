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
 * Karaf commands of p4slice (scope {@code p4slice}): {@code slices}, {@code slice-add},
 * {@code slice-update}, {@code slice-remove}, {@code slice-stats} and {@code capacity}, and the
 * completers of their arguments. With {@code -j} every command prints the JSON the REST API
 * returns, through the shared codecs; errors print one line, {@code Error: <message>}. Requests
 * are built through the API's builders, which check their values as they do for REST bodies.
 */
package org.p4slice.cli;

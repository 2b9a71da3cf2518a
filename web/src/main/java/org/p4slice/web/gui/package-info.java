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
 * The p4slice view "Slices" and topology overlay in ONOS's classic GUI
 * ({@link org.p4slice.web.gui.P4SliceUiComponent}): one message handler per concern (slices table,
 * capacity, fairness, reservations, slice actions, reservation actions, overlay), all reaching the
 * slices and reservations through the tenant gate as the connection's caller
 * ({@link org.p4slice.web.gui.GuiHandler}), as the REST API and the CLI do.
 */
package org.p4slice.web.gui;

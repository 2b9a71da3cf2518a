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
 * The tenant portal at {@code /onos/p4slice/ui/} ({@link org.p4slice.web.portal.PortalServlet}): the GUI
 * view of {@code org.p4slice.web.gui} served by p4slice's web application itself, with the REST API's
 * authentication, authorization filter, body parsing and error bodies, to users ONOS's classic GUI does
 * not serve.
 */
package org.p4slice.web.portal;

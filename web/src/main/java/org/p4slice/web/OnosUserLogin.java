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
package org.p4slice.web;

import java.util.Optional;
import java.util.Set;

/**
 * Authenticates an ONOS user (an operator, or an ONOS viewer) against ONOS's own login, the Karaf
 * realm {@code karaf}.
 */
public interface OnosUserLogin {

    /**
     * Logs a user in.
     *
     * @param user     user name
     * @param password password
     * @return the user's ONOS roles if the password is right; otherwise empty
     */
    Optional<Set<String>> login(String user, char[] password);
}

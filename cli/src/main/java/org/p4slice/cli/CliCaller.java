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
package org.p4slice.cli;

import org.p4slice.slicing.api.tenant.Caller;

import javax.security.auth.Subject;
import java.security.AccessController;
import java.security.Principal;

/**
 * The caller of a shell command: the JAAS subject Karaf runs the session's commands with (SSH
 * and the local console both log in to the {@code karaf} realm). Its user principal names the
 * user and a role principal {@code admin} (Karaf group {@code admingroup}) makes it an admin.
 * Principals are matched by their class's simple name ({@code UserPrincipal},
 * {@code RolePrincipal}, Karaf's {@code org.apache.karaf.jaas.boot.principal}), so this bundle
 * needs no Karaf JAAS import. A command run without a subject is anonymous and sees nothing.
 */
final class CliCaller {

    private static final String ADMIN_ROLE = "admin";

    private CliCaller() {
    }

    /**
     * Returns the caller of the running command.
     *
     * @return caller
     */
    @SuppressWarnings("removal")
    static Caller current() {
        return of(Subject.getSubject(AccessController.getContext()));
    }

    /**
     * Returns the caller a subject stands for.
     *
     * @param subject JAAS subject, or null
     * @return caller
     */
    static Caller of(Subject subject) {
        if (subject == null) {
            return Caller.anonymous();
        }
        String user = null;
        boolean admin = false;
        for (Principal p : subject.getPrincipals()) {
            String kind = p.getClass().getSimpleName();
            if ("UserPrincipal".equals(kind) && user == null) {
                user = p.getName();
            } else if ("RolePrincipal".equals(kind) && ADMIN_ROLE.equals(p.getName())) {
                admin = true;
            }
        }
        return user == null || user.isEmpty() ? Caller.anonymous() : Caller.of(user, admin);
    }
}

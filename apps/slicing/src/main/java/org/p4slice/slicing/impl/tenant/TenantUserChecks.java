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
package org.p4slice.slicing.impl.tenant;

import org.p4slice.slicing.api.SlicingException;

import static org.p4slice.slicing.api.tenant.TenantUserAdminService.MAX_NAME_CHARS;
import static org.p4slice.slicing.api.tenant.TenantUserAdminService.MAX_PASSWORD_CHARS;
import static org.p4slice.slicing.api.tenant.TenantUserAdminService.MIN_PASSWORD_CHARS;
import static org.p4slice.slicing.api.tenant.TenantUserAdminService.NAME_PATTERN;

/**
 * The checks of a new tenant's user's name and password; a refusal quotes the name (made
 * printable) and never the password.
 */
final class TenantUserChecks {

    private static final int MAX_QUOTED_CHARS = 80;

    private TenantUserChecks() {
    }

    /**
     * Checks a user name.
     *
     * @param user name
     * @throws SlicingException INVALID if it is not a valid name
     */
    static void checkName(String user) {
        if (user == null || user.isEmpty()) {
            throw SlicingException.invalid("a tenant's user needs a name");
        }
        if (user.length() > MAX_NAME_CHARS) {
            throw SlicingException.invalid("user name \"" + printable(user) + "\" is longer than " + MAX_NAME_CHARS
                                                   + " characters");
        }
        if (!user.matches(NAME_PATTERN)) {
            throw SlicingException.invalid("user name \"" + printable(user) + "\" must match " + NAME_PATTERN
                                                   + " (lower-case letters, digits, '.', '_', '-'; a letter first)");
        }
    }

    /**
     * Checks a password.
     *
     * @param password password
     * @throws SlicingException INVALID if it is too short, too long or holds control characters
     */
    static void checkPassword(char[] password) {
        if (password == null || password.length < MIN_PASSWORD_CHARS) {
            throw SlicingException.invalid("the password must have at least " + MIN_PASSWORD_CHARS + " characters");
        }
        if (password.length > MAX_PASSWORD_CHARS) {
            throw SlicingException.invalid("the password must have at most " + MAX_PASSWORD_CHARS + " characters");
        }
        for (char c : password) {
            if (Character.isISOControl(c)) {
                throw SlicingException.invalid("the password must not hold control characters");
            }
        }
    }

    /**
     * Returns a name as it may be quoted in a message or the audit log.
     *
     * @param user name, or null
     * @return printable, shortened name
     */
    static String printable(String user) {
        if (user == null) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        user.codePoints().limit(MAX_QUOTED_CHARS)
                .forEach(c -> b.appendCodePoint(Character.isISOControl(c) || c == '"' ? '?' : c));
        return user.length() > MAX_QUOTED_CHARS ? b + "..." : b.toString();
    }
}

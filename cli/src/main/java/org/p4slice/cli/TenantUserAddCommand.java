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

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.api.tenant.TenantUserAdminService;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;

/**
 * Adds a tenant's user (p4slice's own: it gets no ONOS account), operators only. The password is
 * asked twice on the terminal (not echoed) or read from the first line of a file; it is never
 * printed or logged.
 */
@Service
@Command(scope = "p4slice", name = "tenant-user-add",
        description = "Adds a tenant's user (a p4slice user of the tenant portal and REST API, no ONOS account;"
                + " operators only)")
public class TenantUserAddCommand extends P4SliceCommand {

    @Argument(index = 0, name = "tenant", description = "The tenant the user acts for", required = true)
    @Completion(TenantCompleter.class)
    String tenant;

    @Argument(index = 1, name = "name", description = "User name: [a-z][a-z0-9._-]*", required = true)
    String name;

    @Option(name = "--password-file", description = "Read the password from the first line of this file"
            + " instead of asking for it")
    String passwordFile;

    @Reference(optional = true)
    Session session;

    @Override
    protected void run() {
        // no password asked of a caller who may not add users
        if (!service(TenantGateService.class).scope(caller()).isOperator()) {
            throw SlicingException.forbidden(TenantUserAdminService.NOT_OPERATOR);
        }
        TenantId id = TenantId.of(tenant);
        char[] password = password();
        try {
            service(TenantUserAdminService.class).addUser(caller(), id, name, password);
        } finally {
            Arrays.fill(password, '\0');
        }
        print("Added user %s of tenant %s", name, id);
    }

    private char[] password() {
        if (passwordFile != null) {
            return firstLine(passwordFile);
        }
        if (session == null) {
            throw new IllegalArgumentException("no terminal to ask for the password: give --password-file FILE");
        }
        try {
            String first = session.readLine("Password for " + name + ": ", '*');
            String again = session.readLine("Password again: ", '*');
            if (first == null || !first.equals(again)) {
                throw new IllegalArgumentException("the passwords differ; nothing was added");
            }
            return first.toCharArray();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the password: " + e.getMessage(), e);
        }
    }

    /**
     * Returns the first line of a password file (without its line end).
     *
     * @param file file name
     * @return password
     * @throws IllegalArgumentException if the file cannot be read
     */
    static char[] firstLine(String file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(Paths.get(file));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read --password-file " + file + ": "
                                                       + e.getClass().getSimpleName());
        }
        CharBuffer chars = StandardCharsets.UTF_8.decode(ByteBuffer.wrap(bytes));
        Arrays.fill(bytes, (byte) 0);
        int end = 0;
        while (end < chars.limit() && chars.get(end) != '\n' && chars.get(end) != '\r') {
            end++;
        }
        char[] password = new char[end];
        chars.get(password, 0, end);
        if (chars.hasArray()) {
            Arrays.fill(chars.array(), '\0');
        }
        return password;
    }
}

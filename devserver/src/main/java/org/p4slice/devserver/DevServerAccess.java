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
package org.p4slice.devserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.eclipse.jetty.server.handler.ContextHandler;
import org.eclipse.jetty.server.handler.ResourceHandler;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.Config;
import org.p4slice.slicing.config.OperatorsConfig;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.config.TenantConfig;
import org.p4slice.slicing.api.TenantId;
import javax.security.auth.login.Configuration;
import org.p4slice.testbed.TestbedNetwork;
import org.p4slice.testbed.SlicingTestbed;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Who may use the dev server and what it knows besides the scenario: its users
 * ({@code --user NAME:PASSWORD[:admin]}, ONOS's {@code onos:rocks} admin by default, and the
 * tenants' users of {@code --tenant-user TENANT:NAME:PASSWORD}, p4slice's own), the
 * netcfg file of {@code --netcfg FILE} ({@code {"apps": {"org.p4slice": {"tenants": {...},
 * "operators": {...}, "p4slice": {...}}}}}) and the API document it serves at
 * {@code /apidoc/swagger.json}.
 */
public final class DevServerAccess {

    /** ONOS's default user. */
    public static final User DEFAULT_USER = new User("onos", "rocks", true);

    private DevServerAccess() {
    }

    /**
     * A user of the dev server.
     */
    public static final class User {
        final String name;
        final String password;
        final boolean admin;

        User(String name, String password, boolean admin) {
            this.name = name;
            this.password = password;
            this.admin = admin;
        }

        /**
         * Parses {@code NAME:PASSWORD[:admin]}.
         *
         * @param spec as given to {@code --user}
         * @return user
         * @throws IllegalArgumentException if it is malformed
         */
        public static User parse(String spec) {
            String[] parts = spec.split(":", -1);
            if (parts.length < 2 || parts.length > 3 || parts[0].isEmpty() || parts[1].isEmpty()
                    || parts.length == 3 && !parts[2].equals("admin")) {
                throw new IllegalArgumentException("--user needs NAME:PASSWORD or NAME:PASSWORD:admin, got \""
                        + spec + "\"");
            }
            return new User(parts[0], parts[1], parts.length == 3);
        }

        @Override
        public String toString() {
            return name + (admin ? " (admin)" : "");
        }
    }

    /**
     * Returns the users of the dev server: ONOS's default {@code onos:rocks} (an admin) unless a
     * user of that name is given, and the given ones.
     *
     * @param given users of {@code --user}
     * @return users by name
     */
    public static List<User> users(List<User> given) {
        Map<String, User> users = new LinkedHashMap<>();
        users.put(DEFAULT_USER.name, DEFAULT_USER);
        given.forEach(u -> users.put(u.name, u));
        return new ArrayList<>(users.values());
    }

    /**
     * Makes the dev server's users ({@code --user}) ONOS's login: the JAAS realm {@code karaf} (what
     * p4slice's web application signs ONOS users in with) of this JVM, with roles {@code viewer}, and
     * {@code admin} for admins (ONOS's {@code admingroup}); what each may change is p4slice's
     * authorization filter's to decide (operators and tenants' users). Tenants' users are not ONOS
     * users: they are p4slice's ({@code --tenant-user}).
     *
     * @param users users
     */
    public static void installOnosLogin(List<User> users) {
        Map<String, String[]> accounts = new LinkedHashMap<>();
        users.forEach(u -> accounts.put(u.name, new String[] {u.password, u.admin ? "admin,viewer" : "viewer"}));
        Configuration.setConfiguration(DevServerLoginModule.configuration(accounts));
    }

    /**
     * Parses {@code TENANT:NAME:PASSWORD} of {@code --tenant-user}.
     *
     * @param spec as given
     * @return tenant, name, password
     * @throws IllegalArgumentException if it is malformed
     */
    public static String[] tenantUser(String spec) {
        String[] parts = spec.split(":", 3);
        if (parts.length != 3 || parts[0].isEmpty() || parts[1].isEmpty() || parts[2].isEmpty()) {
            throw new IllegalArgumentException("--tenant-user needs TENANT:NAME:PASSWORD, got \"" + spec + "\"");
        }
        TenantId.of(parts[0]);
        return parts;
    }

    /**
     * Reads a netcfg file into the testbed's network configuration: {@code tenants},
     * {@code operators} and the fields of {@code p4slice} under {@code apps.org.p4slice}; each is
     * validated as ONOS would.
     *
     * @param file    netcfg JSON file
     * @param testbed the testbed whose network configuration it sets (before it starts)
     * @return how many tenants it declares
     * @throws IOException              if the file cannot be read
     * @throws IllegalArgumentException if it is not such a netcfg or a block is invalid
     */
    public static int readNetcfg(Path file, SlicingTestbed testbed) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode root;
        try {
            root = mapper.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(file + " is not JSON: " + e.getOriginalMessage());
        }
        JsonNode app = root == null ? null : root.path("apps").path(SlicingConfig.APP_NAME);
        if (app == null || !app.isObject()) {
            throw new IllegalArgumentException(file + " has no {\"apps\": {\"" + SlicingConfig.APP_NAME + "\": ...}}");
        }
        int tenants = 0;
        JsonNode t = app.get(TenantConfig.KEY);
        if (t != null) {
            if (!t.isObject()) {
                throw new IllegalArgumentException("tenants config: must be an object, got " + t);
            }
            TenantConfig config = validated(new TenantConfig(), TenantConfig.KEY, t, TenantConfig::validationError);
            testbed.setTenantsConfig((ObjectNode) t);
            tenants = config.tenants().size();
        }
        JsonNode o = app.get(OperatorsConfig.KEY);
        if (o != null) {
            validated(new OperatorsConfig(), OperatorsConfig.KEY, o, OperatorsConfig::validationError);
            testbed.setOperatorsConfig((ObjectNode) o);
        }
        JsonNode p = app.get(SlicingConfig.KEY);
        if (p != null) {
            if (!p.isObject()) {
                throw new IllegalArgumentException("p4slice config: must be an object, got " + p);
            }
            validated(new SlicingConfig(), SlicingConfig.KEY, testbed.slicingJson().deepCopy().setAll((ObjectNode) p),
                      SlicingConfig::validationError);
            testbed.slicingJson().setAll((ObjectNode) p);
        }
        return tenants;
    }

    // a config block of the app as ONOS validates it
    private static <C extends Config<ApplicationId>> C validated(C config, String key, JsonNode json,
                                                                 Function<C, Optional<String>> error) {
        error.apply(TestbedNetwork.appConfig(config, key, json)).ifPresent(message -> {
            throw new IllegalArgumentException(message);
        });
        return config;
    }

    /**
     * Returns a handler that serves the API document at {@code /apidoc/swagger.json}.
     *
     * @param swagger the generated swagger.json
     * @return handler
     */
    public static ContextHandler apiDoc(Path swagger) {
        ResourceHandler files = new ResourceHandler();
        files.setResourceBase(swagger.toAbsolutePath().getParent().toString());
        files.setDirectoriesListed(false);
        ContextHandler ctx = new ContextHandler("/apidoc");
        ctx.setHandler(files);
        return ctx;
    }
}

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

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The dev server's command line:
 * {@code [--scenario FILE] [--with-slices] [--traffic SPEC] [--port N] [--host ADDRESS] [--webapp DIR]
 * [--user NAME:PASSWORD[:admin]]... [--tenant-user TENANT:NAME:PASSWORD]... [--netcfg FILE]}.
 */
public final class DevServerOptions {
    String host = "127.0.0.1";
    int port = 8181;
    Path scenario;
    Path webapp;
    boolean withSlices;
    Path netcfg;
    final List<DevServerAccess.User> users = new ArrayList<>();
    /** Tenants' users: tenant, name, password. */
    final List<String[]> tenantUsers = new ArrayList<>();
    TrafficModel traffic = TrafficModel.parse(TrafficModel.DEFAULT);

    /**
     * Parses the command line.
     *
     * @param args arguments
     * @return options
     * @throws IllegalArgumentException on a bad argument
     */
    public static DevServerOptions parse(String... args) {
        DevServerOptions o = new DevServerOptions();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--with-slices":
                    o.withSlices = true;
                    break;
                case "--scenario":
                    o.scenario = Paths.get(value(args, ++i, a));
                    break;
                case "--webapp":
                    o.webapp = Paths.get(value(args, ++i, a));
                    break;
                case "--traffic":
                    o.traffic = TrafficModel.parse(value(args, ++i, a));
                    break;
                case "--user":
                    o.users.add(DevServerAccess.User.parse(value(args, ++i, a)));
                    break;
                case "--tenant-user":
                    o.tenantUsers.add(DevServerAccess.tenantUser(value(args, ++i, a)));
                    break;
                case "--netcfg":
                    o.netcfg = Paths.get(value(args, ++i, a));
                    break;
                case "--host":
                    o.host = value(args, ++i, a);
                    break;
                case "--port":
                    try {
                        o.port = Integer.parseInt(value(args, ++i, a));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--port needs a number, got " + args[i]);
                    }
                    if (o.port < 0 || o.port > 65535) {
                        throw new IllegalArgumentException("--port must be in 0..65535, got " + o.port);
                    }
                    break;
                default:
                    throw new IllegalArgumentException("unknown argument " + a);
            }
        }
        return o;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    /**
     * Returns options for a server on an ephemeral loopback port.
     *
     * @param scenario   scenario file
     * @param withSlices whether to create the scenario's slices
     * @return options (traffic: the default pattern, see {@link #traffic(TrafficModel)})
     */
    public static DevServerOptions ephemeral(Path scenario, boolean withSlices) {
        DevServerOptions o = new DevServerOptions();
        o.port = 0;
        o.scenario = scenario;
        o.withSlices = withSlices;
        return o;
    }

    /**
     * Sets the traffic the simulated slices offer.
     *
     * @param model traffic model
     * @return these options
     */
    public DevServerOptions traffic(TrafficModel model) {
        this.traffic = model;
        return this;
    }
}

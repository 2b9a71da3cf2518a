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

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Tenant;
import org.p4slice.slicing.api.tenant.TenantService;
import org.p4slice.slicing.api.tenant.TenantUserAdminService;

import java.util.ArrayList;
import java.util.List;

/**
 * Lists the tenants' users (names only), operators only: of one tenant, or of every configured
 * tenant.
 */
@Service
@Command(scope = "p4slice", name = "tenant-users",
        description = "Lists the tenants' users, of one tenant or of all (operators only)")
public class TenantUsersCommand extends P4SliceCommand {

    @Argument(index = 0, name = "tenant", description = "Only this tenant's users")
    @Completion(TenantCompleter.class)
    String tenant;

    @Override
    protected void run() {
        TenantUserAdminService users = service(TenantUserAdminService.class);
        List<TenantId> tenants = new ArrayList<>();
        if (tenant != null) {
            tenants.add(TenantId.of(tenant));
        } else {
            service(TenantService.class).getTenants().stream().map(Tenant::id).forEach(tenants::add);
            if (tenants.isEmpty()) {
                // an operator check all the same: a non-operator learns not even that none is configured
                users.listUsers(caller(), null);
            }
        }
        TextTable table = new TextTable("TENANT", "USER");
        ObjectNode root = mapper().createObjectNode();
        ArrayNode array = root.putArray("users");
        for (TenantId t : tenants) {
            for (String user : users.listUsers(caller(), t)) {
                table.row(t.id(), user);
                array.addObject().put("tenant", t.id()).put("name", user);
            }
        }
        if (outputJson()) {
            printJson(root);
            return;
        }
        table.lines().forEach(l -> print("%s", l));
    }
}

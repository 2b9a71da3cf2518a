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
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantUserAdminService;

/**
 * Removes a tenant's user, operators only; it can no longer sign in (on any instance).
 */
@Service
@Command(scope = "p4slice", name = "tenant-user-remove",
        description = "Removes a tenant's user (operators only)")
public class TenantUserRemoveCommand extends P4SliceCommand {

    @Argument(index = 0, name = "tenant", description = "The tenant the user acts for", required = true)
    @Completion(TenantCompleter.class)
    String tenant;

    @Argument(index = 1, name = "name", description = "User name", required = true)
    String name;

    @Override
    protected void run() {
        TenantId id = TenantId.of(tenant);
        service(TenantUserAdminService.class).removeUser(caller(), id, name);
        print("Removed user %s of tenant %s", name, id);
    }
}

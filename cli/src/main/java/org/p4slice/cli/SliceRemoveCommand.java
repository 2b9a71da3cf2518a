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
import org.p4slice.slicing.api.SliceAdminService;
import org.p4slice.slicing.api.SliceId;

/**
 * Releases a slice ({@code DELETE /slices/{id}}). With {@code -j} it prints nothing on success,
 * as the REST API answers 204 without a body.
 */
@Service
@Command(scope = "p4slice", name = "slice-remove",
        description = "Releases a slice: removes its entries, meter and groups and frees its VLAN, ports and quota")
public class SliceRemoveCommand extends P4SliceCommand {

    @Argument(index = 0, name = "id", description = "Slice id", required = true)
    @Completion(SliceIdCompleter.class)
    String id;

    @Override
    protected void run() {
        SliceId sliceId = CliParsing.sliceId(id);
        service(SliceAdminService.class).removeSlice(sliceId);
        if (!outputJson()) {
            print("Removed slice %s", sliceId);
        }
    }
}

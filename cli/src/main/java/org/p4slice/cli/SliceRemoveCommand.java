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
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.Optional;

/**
 * Releases a slice ({@code DELETE /slices/{id}}): the slice is RELEASING until its switches are
 * cleared, then gone. With {@code -j} it prints the slice while it is RELEASING (as REST's 202),
 * nothing once it is gone (REST's 204).
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
        Optional<Slice> releasing = service(TenantGateService.class).removeSlice(caller(), sliceId);
        if (outputJson()) {
            releasing.ifPresent(slice -> printJson(SlicingCodecs.SLICE.encode(slice, this)));
        } else if (releasing.isPresent()) {
            print("Releasing slice %s (RELEASING until its switches are cleared)", sliceId);
        } else {
            print("Removed slice %s", sliceId);
        }
    }
}

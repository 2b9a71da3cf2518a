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

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.AuditQuery;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.SlicingCodecs;

/**
 * Lists the newest entries of the audit log (operators only): who changed which slice or
 * reservation, when, and the result. {@code -j} prints the JSON of {@code GET /audit}.
 */
@Service
@Command(scope = "p4slice", name = "audit",
        description = "Lists the newest audit entries: who changed what, when, and the result (operators only)")
public class AuditCommand extends P4SliceCommand {

    @Option(name = "-n", aliases = "--limit",
            description = "Most entries to list, counted from the newest (1 to 100000, default 100)")
    String limit;

    @Option(name = "-o", aliases = "--offset", description = "Skip this many newest entries first (default 0)")
    String offset;

    @Option(name = "-t", aliases = "--tenant", description = "Only the entries concerning this tenant")
    @Completion(TenantCompleter.class)
    String tenant;

    @Option(name = "-a", aliases = "--action",
            description = "Only these actions, comma-separated; slice matches slice.create, slice.remove ...")
    String action;

    @Option(name = "--from", description = "Only the entries at or after this ISO-8601 time")
    String from;

    @Option(name = "--to", description = "Only the entries before this ISO-8601 time")
    String to;

    @Override
    protected void run() {
        AuditQuery query;
        try {
            query = AuditQuery.parse(limit, offset, tenant, action, from, to);
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
        Page<AuditEntry> page = service(TenantGateService.class).getAuditEntries(caller(), query);
        if (outputJson()) {
            printJson(SlicingCodecs.page("entries", page, SlicingCodecs.AUDIT_ENTRY, this));
            return;
        }
        TextTable table = new TextTable("ID", "TIME", "USER", "ACTION", "TARGET", "TENANT", "RESULT");
        for (AuditEntry e : page.items()) {
            table.row(e.id(), e.time(), e.user(), e.action(), e.target(), e.tenant().map(t -> t.id()).orElse("-"),
                      e.result());
        }
        table.lines().forEach(l -> print("%s", l));
        CliParsing.nextPage(page).ifPresent(l -> print("%s", l));
    }
}

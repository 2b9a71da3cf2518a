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
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.List;

/**
 * Lists the newest entries of the audit log (operators only): who changed which slice or
 * reservation, when, and the result. {@code -j} prints the JSON of {@code GET /audit}.
 */
@Service
@Command(scope = "p4slice", name = "audit",
        description = "Lists the newest audit entries: who changed what, when, and the result (operators only)")
public class AuditCommand extends P4SliceCommand {

    private static final int DEFAULT_LIMIT = 100;

    @Option(name = "-n", aliases = "--limit", description = "Most entries to list (default 100)")
    String limit;

    @Override
    protected void run() {
        long n = limit == null ? DEFAULT_LIMIT : CliParsing.integer("--limit", limit);
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--limit must be a positive integer, got " + limit);
        }
        List<AuditEntry> entries = service(TenantGateService.class).getAuditEntries(caller(), (int) n);
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("entries");
            entries.forEach(e -> array.add(SlicingCodecs.AUDIT_ENTRY.encode(e, this)));
            printJson(root);
            return;
        }
        TextTable table = new TextTable("ID", "TIME", "USER", "ACTION", "TARGET", "TENANT", "RESULT");
        for (AuditEntry e : entries) {
            table.row(e.id(), e.time(), e.user(), e.action(), e.target(), e.tenant().map(t -> t.id()).orElse("-"),
                      e.result());
        }
        table.lines().forEach(l -> print("%s", l));
    }
}

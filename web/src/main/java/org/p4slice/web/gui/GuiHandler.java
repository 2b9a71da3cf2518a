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
package org.p4slice.web.gui;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.ui.UiConnection;
import org.onosproject.ui.UiMessageHandler;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.api.tenant.TenantScope;

/**
 * A p4slice GUI message handler: it reads and changes slices and reservations through the tenant
 * gate ({@link TenantGateService}) as the caller of its connection ({@link #callerOf}), exactly
 * as the REST API's requests do, and decides nothing itself.
 * <p>
 * ONOS's classic GUI names the user of a websocket by the login session the socket was opened
 * with, and "unknown" when it has none (any valid GUI token authenticates such a socket): that
 * socket is anonymous and sees and changes nothing. It gives its handlers the user's name but
 * not the user's roles, and ONOS 2.7 serves the page with the socket's token to any user who signs in
 * to its GUI ({@code /onos/ui/}), so a named GUI user is an ONOS user of unknown roles: an operator
 * only if the operators block names it, never by default (see {@code TenantService#scope}). The
 * tenant portal's connection carries the caller p4slice's authentication found (a tenant's user or
 * an ONOS user with its roles).
 */
abstract class GuiHandler extends UiMessageHandler {

    /** The user ONOS's GUI gives a websocket opened without a login session. */
    static final String UNKNOWN_GUI_USER = "unknown";

    /**
     * Returns the caller of a connection: the portal's authenticated caller (a tenant's user or an
     * ONOS user), or the user of an ONOS GUI connection as an ONOS user whose roles are unknown (ONOS
     * serves its GUI page and socket token to more than its admins, and its socket handlers check
     * no role), so that only the operators block makes it an operator
     * ({@link org.p4slice.slicing.api.tenant.TenantService#scope}); anonymous if it has no name or
     * is ONOS's "unknown".
     *
     * @param connection GUI or portal connection
     * @return caller
     */
    static Caller callerOf(UiConnection connection) {
        if (connection instanceof PortalConnection) {
            return ((PortalConnection) connection).caller();
        }
        String user = connection.userName();
        if (user == null || user.isEmpty() || UNKNOWN_GUI_USER.equals(user)) {
            return Caller.anonymous();
        }
        return Caller.of(user, false);
    }

    /**
     * Returns the caller of this session.
     *
     * @return caller
     */
    protected Caller caller() {
        return callerOf(connection());
    }

    /**
     * Returns the tenant gate, through which every read and change of slices and reservations goes.
     *
     * @return gate
     */
    protected TenantGateService gate() {
        return directory().get(TenantGateService.class);
    }

    /**
     * Returns what the caller of this session may see (for the testbed's capacity and fairness), as
     * the tenant gate tells it.
     *
     * @return scope
     */
    protected TenantScope scope() {
        return gate().scope(caller());
    }

    /**
     * Returns the traffic statistics of a slice the gate showed this session's caller: zero while
     * its counters were not read yet.
     *
     * @param slice slice
     * @return statistics
     */
    protected SliceStats stats(Slice slice) {
        return directory().get(SliceStatsService.class).getStatsOrZero(slice.id());
    }

    /**
     * Sends an event to this session's browser.
     *
     * @param event   event type
     * @param payload payload
     */
    protected void send(String event, ObjectNode payload) {
        ObjectNode message = objectNode();
        message.put("event", event);
        message.set("payload", payload);
        sendMessage(message);
    }
}

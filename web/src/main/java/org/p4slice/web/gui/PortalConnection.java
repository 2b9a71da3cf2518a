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

import org.onlab.osgi.ServiceDirectory;
import org.p4slice.slicing.api.tenant.Caller;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One request of the tenant portal, as a GUI connection: the view's message handlers
 * ({@link P4SliceUiComponent#viewHandlers()}, made for this request, as ONOS makes a set per GUI
 * connection) answer one event for the caller the web container authenticated. It carries that
 * caller, roles included, where ONOS's GUI connection only names its user.
 */
public final class PortalConnection extends CollectingConnection {

    private final Caller caller;

    /**
     * Creates the connection of a caller.
     *
     * @param caller    the authenticated caller
     * @param directory the services
     */
    public PortalConnection(Caller caller, ServiceDirectory directory) {
        super(P4SliceUiComponent.viewHandlers());
        this.caller = checkNotNull(caller);
        init(directory);
    }

    /**
     * Returns the caller the handlers act for.
     *
     * @return caller
     */
    Caller caller() {
        return caller;
    }

    @Override
    public String userName() {
        return caller.user();
    }
}

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

import org.onlab.osgi.DefaultServiceDirectory;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.p4slice.slicing.api.tenant.Caller;

import java.util.List;

/**
 * Base of the p4slice completers: choices computed from ONOS services; none while a service is
 * unavailable.
 */
public abstract class P4SliceCompleter extends AbstractChoicesCompleter {

    /** Where services come from (ONOS's service registry; tests put their own). */
    ServiceDirectory services = new DefaultServiceDirectory();

    /** Who completes; null: the shell session's JAAS subject ({@link CliCaller}). */
    Caller caller;

    /**
     * Returns who completes, for the tenant gate.
     *
     * @return caller
     */
    protected Caller caller() {
        return caller != null ? caller : CliCaller.current();
    }

    @Override
    protected final List<String> choices() {
        try {
            return candidates();
        } catch (ServiceNotFoundException e) {
            return List.of();
        }
    }

    /**
     * Returns the choices, in the order to show them.
     *
     * @return choices
     * @throws ServiceNotFoundException if a service is unavailable
     */
    protected abstract List<String> candidates();
}

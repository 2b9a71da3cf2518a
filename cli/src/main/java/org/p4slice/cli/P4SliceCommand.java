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

import com.fasterxml.jackson.databind.JsonNode;
import org.onlab.osgi.DefaultServiceDirectory;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.cli.AbstractShellCommand;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.SlicingException;

/**
 * Base of the p4slice commands: service lookup, JSON output, and errors reported as one line
 * ({@code Error: <message>}) on the error stream, never as a stack trace.
 */
public abstract class P4SliceCommand extends AbstractShellCommand {

    /** Where services come from (ONOS's service registry; tests put their own). */
    ServiceDirectory services = new DefaultServiceDirectory();

    /** Who runs the command; null: the shell session's JAAS subject ({@link CliCaller}). */
    Caller caller;

    /**
     * Returns who runs the command, for the tenant gate.
     *
     * @return caller
     */
    protected Caller caller() {
        return caller != null ? caller : CliCaller.current();
    }

    /**
     * Returns a service.
     *
     * @param serviceClass service interface
     * @param <T>          service type
     * @return service
     * @throws ServiceNotFoundException if it is not available
     */
    protected <T> T service(Class<T> serviceClass) {
        return services.get(serviceClass);
    }

    @Override
    protected final void doExecute() {
        try {
            run();
        } catch (SlicingException | IllegalArgumentException e) {
            error("Error: %s", oneLine(e.getMessage()));
        } catch (ServiceNotFoundException e) {
            error("Error: %s (is the org.p4slice application active?)", oneLine(e.getMessage()));
        } catch (RuntimeException e) {
            log.warn("p4slice command failed unexpectedly", e);
            error("Error: internal error: %s: %s (details in the ONOS log)", e.getClass().getSimpleName(),
                  oneLine(e.getMessage()));
        }
    }

    /**
     * Runs the command.
     *
     * @throws SlicingException         if the slicing service refuses
     * @throws IllegalArgumentException if an argument is malformed
     */
    protected abstract void run();

    /**
     * Prints JSON on one line, exactly as the REST API returns it.
     *
     * @param json document
     */
    protected void printJson(JsonNode json) {
        print("%s", json.toString());
    }

    private static String oneLine(String message) {
        return message == null ? "no details" : message.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}

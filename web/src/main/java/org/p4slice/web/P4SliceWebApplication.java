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
package org.p4slice.web;

import org.onlab.rest.AbstractWebApplication;
import org.onlab.rest.AuthorizationFilter;

import javax.ws.rs.ext.ExceptionMapper;
import java.util.HashSet;
import java.util.Set;

/**
 * The p4slice REST application, served under {@code /onos/p4slice}: p4slice's authorization filter
 * ({@link TenantAuthorizationFilter}, in place of ONOS's admin-only one), ONOS's JSON body writer,
 * the p4slice resources, and the exception mappers that answer every error (Jersey's own and
 * unexpected ones included) with its status and the JSON body {@code {"code", "message"}}, never a
 * stack trace.
 */
public class P4SliceWebApplication extends AbstractWebApplication {

    private static final String ONOS_MAPPERS = "org.onlab.rest.exceptions";

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(getClasses(
                SlicesWebResource.class,
                CapacityWebResource.class,
                FairnessWebResource.class,
                ReservationsWebResource.class,
                AuditWebResource.class,
                TenantUsersWebResource.class,
                TenantAuthorizationFilter.class,
                SlicingExceptionMapper.class,
                WebApplicationErrorMapper.class,
                RuntimeErrorMapper.class));
        // replaced by the mappers above: ONOS's answer without a content type, pass Jersey's bare
        // responses through, or put the first stack frame into the body
        classes.removeIf(c -> ExceptionMapper.class.isAssignableFrom(c)
                && c.getPackage().getName().equals(ONOS_MAPPERS));
        // replaced by TenantAuthorizationFilter: ONOS's lets only admins change anything
        classes.remove(AuthorizationFilter.class);
        return classes;
    }
}

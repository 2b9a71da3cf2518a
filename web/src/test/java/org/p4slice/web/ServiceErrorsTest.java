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

import org.glassfish.jersey.server.ResourceConfig;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.store.service.StorageException;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.rest.resources.ResourceTest;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.slicing.api.tenant.TenantService;
import org.p4slice.slicing.api.tenant.TenantGateService;

import java.lang.reflect.Proxy;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.p4slice.web.RestTestBase.assertError;

/**
 * Failures that are not the client's: the slicing service not running or the cluster's storage not
 * answering (503) and an unexpected exception (500 with a one-line message, no stack trace in the body).
 */
public class ServiceErrorsTest extends ResourceTest {

    private ServiceDirectory directory;

    /**
     * Creates the test with the p4slice web application.
     */
    public ServiceErrorsTest() {
        super(ResourceConfig.forApplicationClass(P4SliceWebApplication.class).register(TestIdentity.class));
    }

    @Before
    public void setUpServices() {
        setServiceDirectory(new ServiceDirectory() {
            @Override
            public <T> T get(Class<T> serviceClass) {
                return directory.get(serviceClass);
            }
        });
    }

    @Test
    public void serviceNotRunningIs503() {
        directory = new ServiceDirectory() {
            @Override
            public <T> T get(Class<T> serviceClass) {
                throw new ServiceNotFoundException("Service " + serviceClass.getName() + " not found");
            }
        };
        assertError(target("slices").request().get(), 503,
                    "Service org.p4slice.slicing.api.tenant.TenantGateService not found "
                            + "(is the org.p4slice application active?)");
    }

    @Test
    public void unexpectedFailureIs500WithoutStackTrace() {
        SliceService broken = (SliceService) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{SliceService.class, TenantGateService.class, TenantService.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("scope")) {
                        // the capacity is read by operators and tenants' users
                        return TenantScope.operator("onos");
                    }
                    if (method.getName().equals("getPortCapacities")) {
                        throw new IllegalStateException("store unavailable\n\tat somewhere.Deep(Deep.java:1)");
                    }
                    if (method.getName().equals("getLinkCapacities")) {
                        return List.<LinkCapacity>of();
                    }
                    throw new UnsupportedOperationException("not used\n\tat somewhere.Else(Else.java:2)");
                });
        directory = new ServiceDirectory() {
            @Override
            public <T> T get(Class<T> serviceClass) {
                return serviceClass.cast(broken);
            }
        };
        assertError(target("capacity").request().get(), 409, "store unavailable");
        assertError(target("slices").request().get(), 500,
                    "internal error: UnsupportedOperationException: not used (details in the ONOS log)");
    }

    @Test
    public void storageThatDoesNotAnswerIs503WithRetryAfter() {
        Object broken = Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{SliceService.class, TenantGateService.class}, (proxy, method, args) -> {
                    throw new StorageException.Unavailable();
                });
        directory = new ServiceDirectory() {
            @Override
            public <T> T get(Class<T> serviceClass) {
                return serviceClass.cast(broken);
            }
        };
        javax.ws.rs.core.Response r = target("slices").request().get();
        assertEquals("5", r.getHeaderString("Retry-After"));
        assertError(r, 503, "the cluster's storage did not answer while serving the request (Unavailable); "
                + "the request was not completed, try again in a few seconds");
    }
}

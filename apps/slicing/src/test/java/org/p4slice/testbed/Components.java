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
package org.p4slice.testbed;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * What OSGi's component runtime does to a component, done by a test: setting its references (and
 * the fields a test replaces, such as its clock or executor) and calling its {@code activate} and
 * {@code deactivate} methods (the DS annotations are not kept at run time; ONOS's components name
 * them so). The components keep their references protected, as ONOS's do; the testbeds live in
 * other packages, so they reach them the way the runtime does, by reflection.
 */
public final class Components {

    private Components() {
    }

    /**
     * Sets a field of a component, declared by its class or a superclass.
     *
     * @param component component
     * @param field     field name
     * @param value     value
     * @param <T>       component type
     * @return the component
     * @throws IllegalArgumentException if there is no such field or it does not take the value
     */
    public static <T> T set(T component, String field, Object value) {
        Field f = field(component.getClass(), field);
        try {
            f.setAccessible(true);
            f.set(component, value);
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("cannot set " + component.getClass().getName() + "." + field, e);
        }
        return component;
    }

    /**
     * Sets a static field of a class, as ONOS's REST server sets the service directory of its resources.
     *
     * @param type  class declaring the field
     * @param field field name
     * @param value value
     * @throws IllegalArgumentException if there is no such field or it does not take the value
     */
    public static void setStatic(Class<?> type, String field, Object value) {
        Field f = field(type, field);
        try {
            f.setAccessible(true);
            f.set(null, value);
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("cannot set " + type.getName() + "." + field, e);
        }
    }

    /**
     * Calls the component's activation method, with the given arguments (none, or its context).
     *
     * @param component component
     * @param args      arguments of the method
     */
    public static void activate(Object component, Object... args) {
        invoke(component, "activate", args);
    }

    /**
     * Calls the component's deactivation method.
     *
     * @param component component
     */
    public static void deactivate(Object component) {
        invoke(component, "deactivate");
    }

    private static Field field(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                return c.getDeclaredField(name);
            } catch (NoSuchFieldException e) {
                // declared higher up
            }
        }
        throw new IllegalArgumentException(type.getName() + " has no field " + name);
    }

    /**
     * Calls a method of a component that its runtime or a test hook would call (its own or a
     * superclass's, whatever its visibility), the first of that name taking that many arguments.
     *
     * @param component component
     * @param name      method name
     * @param args      arguments
     * @throws IllegalArgumentException if there is no such method
     */
    public static void invoke(Object component, String name, Object... args) {
        for (Class<?> c = component.getClass(); c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == args.length) {
                    try {
                        m.setAccessible(true);
                        m.invoke(component, args);
                        return;
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    } catch (InvocationTargetException e) {
                        Throwable cause = e.getCause();
                        if (cause instanceof RuntimeException) {
                            throw (RuntimeException) cause;
                        }
                        if (cause instanceof Error) {
                            throw (Error) cause;
                        }
                        throw new IllegalStateException(cause);
                    }
                }
            }
        }
        throw new IllegalArgumentException(component.getClass().getName() + " has no method " + name
                                                   + " with " + args.length + " parameters");
    }
}

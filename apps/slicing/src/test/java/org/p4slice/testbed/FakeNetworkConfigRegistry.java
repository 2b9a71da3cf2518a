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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.SubjectFactory;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An in-memory network configuration: configs created through the registered factories from
 * JSON, events delivered synchronously to the listeners (filtered by {@code isRelevant}).
 */
public class FakeNetworkConfigRegistry implements NetworkConfigRegistry {

    private final ObjectMapper mapper = new ObjectMapper();
    private final Set<ConfigFactory> factories = new LinkedHashSet<>();
    private final Map<List<Object>, Config> configs = new HashMap<>();
    private final List<NetworkConfigListener> listeners = new CopyOnWriteArrayList<>();
    // JSON applied before its factory was registered, as ONOS keeps it
    private final Map<List<Object>, JsonNode> pending = new HashMap<>();

    private static List<Object> key(Object subject, Class<?> configClass) {
        return List.of(subject, configClass);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void registerConfigFactory(ConfigFactory configFactory) {
        factories.add(configFactory);
        pending.entrySet().removeIf(e -> {
            if (!e.getKey().get(1).equals(configFactory.configClass())) {
                return false;
            }
            Config config = configFactory.createConfig();
            config.init(e.getKey().get(0), configFactory.configKey(), e.getValue(), mapper, c -> { });
            configs.put(e.getKey(), config);
            return true;
        });
    }

    @Override
    public void unregisterConfigFactory(ConfigFactory configFactory) {
        factories.remove(configFactory);
    }

    @Override
    public Set<ConfigFactory> getConfigFactories() {
        return ImmutableSet.copyOf(factories);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, C extends Config<S>> Set<ConfigFactory<S, C>> getConfigFactories(Class<S> subjectClass) {
        ImmutableSet.Builder<ConfigFactory<S, C>> b = ImmutableSet.builder();
        factories.stream().filter(f -> f.subjectFactory().subjectClass().equals(subjectClass))
                .forEach(f -> b.add((ConfigFactory<S, C>) f));
        return b.build();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, C extends Config<S>> ConfigFactory<S, C> getConfigFactory(Class<C> configClass) {
        return (ConfigFactory<S, C>) factories.stream().filter(f -> f.configClass().equals(configClass))
                .findFirst().orElse(null);
    }

    @Override
    public Set<Class> getSubjectClasses() {
        return ImmutableSet.of();
    }

    @Override
    public SubjectFactory getSubjectFactory(String subjectClassKey) {
        return null;
    }

    @Override
    public SubjectFactory getSubjectFactory(Class subjectClass) {
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Class<? extends Config> getConfigClass(String subjectClassKey, String configKey) {
        return factories.stream().filter(f -> f.subjectFactory().subjectClassKey().equals(subjectClassKey)
                && f.configKey().equals(configKey)).map(f -> (Class<? extends Config>) f.configClass())
                .findFirst().orElse(null);
    }

    @Override
    public <S> Set<S> getSubjects(Class<S> subjectClass) {
        return ImmutableSet.of();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, C extends Config<S>> Set<S> getSubjects(Class<S> subjectClass, Class<C> configClass) {
        ImmutableSet.Builder<S> subjects = ImmutableSet.builder();
        configs.keySet().stream().filter(k -> k.get(1).equals(configClass) && subjectClass.isInstance(k.get(0)))
                .forEach(k -> subjects.add((S) k.get(0)));
        return subjects.build();
    }

    @Override
    public <S> Set<? extends Config<S>> getConfigs(S subject) {
        return ImmutableSet.of();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, C extends Config<S>> C getConfig(S subject, Class<C> configClass) {
        return (C) configs.get(key(subject, configClass));
    }

    @Override
    public <S, C extends Config<S>> C addConfig(S subject, Class<C> configClass) {
        return applyConfig(subject, configClass, mapper.createObjectNode());
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, C extends Config<S>> C applyConfig(S subject, Class<C> configClass, JsonNode json) {
        ConfigFactory<S, C> factory = getConfigFactory(configClass);
        if (factory == null) {
            pending.put(key(subject, configClass), json);
            return null;
        }
        C config = factory.createConfig();
        config.init(subject, factory.configKey(), json, mapper, c -> { });
        C previous = (C) configs.put(key(subject, configClass), config);
        post(new NetworkConfigEvent(previous == null ? NetworkConfigEvent.Type.CONFIG_ADDED
                                            : NetworkConfigEvent.Type.CONFIG_UPDATED,
                                    subject, config, previous, configClass));
        return config;
    }

    @Override
    public <S, C extends Config<S>> C applyConfig(String subjectClassKey, S subject, String configKey,
                                                  JsonNode json) {
        throw new UnsupportedOperationException("use applyConfig(subject, class, json)");
    }

    @Override
    public <S, C extends Config<S>> void removeConfig(S subject, Class<C> configClass) {
        pending.remove(key(subject, configClass));
        Config previous = configs.remove(key(subject, configClass));
        if (previous != null) {
            post(new NetworkConfigEvent(NetworkConfigEvent.Type.CONFIG_REMOVED, subject, null, previous,
                                        configClass));
        }
    }

    @Override
    public <S> void removeConfig(String subjectClassKey, S subject, String configKey) {
        throw new UnsupportedOperationException("use removeConfig(subject, class)");
    }

    @Override
    public <S> void removeConfig(S subject) {
        throw new UnsupportedOperationException("use removeConfig(subject, class)");
    }

    @Override
    public <S> void removeConfig() {
        configs.clear();
    }

    private void post(NetworkConfigEvent event) {
        for (NetworkConfigListener l : listeners) {
            if (l.isRelevant(event)) {
                l.event(event);
            }
        }
    }

    @Override
    public void addListener(NetworkConfigListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(NetworkConfigListener listener) {
        listeners.remove(listener);
    }

    /**
     * Returns the number of registered listeners.
     *
     * @return listeners
     */
    public int listenerCount() {
        return listeners.size();
    }
}

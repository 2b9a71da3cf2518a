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
package org.p4slice.slicing.impl.admission;

import org.p4slice.slicing.api.SlicingException;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;
import org.onosproject.net.LinkKey;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.p4slice.slicing.impl.store.LinkKeys;
import org.p4slice.slicing.impl.store.SliceIndex;
import org.p4slice.slicing.impl.store.SliceAllocations;

/**
 * What is allocated at one instant: the slices that exist and the reservations whose slot covers
 * the instant, as the {@link SliceAllocations} that admission control and the allocator decide
 * on. Each holder is shaped as a slice under a number of this view (the ids of slices not yet
 * created are unknown) and described by what it really is.
 */
final class InstantAllocations implements SliceAllocations {

    private final SliceIndex index = new SliceIndex();
    private final Map<SliceId, String> descriptions = new HashMap<>();
    private final Map<SliceId, Slice> holders = new HashMap<>();
    private int next = SliceId.MIN;
    private final SliceId skip;

    /**
     * Creates an empty view.
     *
     * @param skip the candidate's id, never given to a holder
     */
    InstantAllocations(SliceId skip) {
        this.skip = skip;
    }

    /**
     * Adds a holder.
     *
     * @param shape       its slice (ports, links, quota)
     * @param description what it is, for messages
     * @throws SlicingException CONFLICT if the view holds as many as there are slice ids
     */
    void add(Slice shape, String description) {
        if (next == skip.id()) {
            next++;
        }
        if (next > SliceId.MAX) {
            throw SlicingException.conflict("more than " + (SliceId.MAX - 1)
                    + " slices and reservations at once");
        }
        SliceId key = SliceId.of(next++);
        Slice s = shape.toBuilder().id(key).build();
        index.put(s);
        holders.put(key, s);
        descriptions.put(key, description);
    }

    /**
     * Describes the holders using a port or a link, by the description admission control gives
     * that resource ({@code "port <cp>"} or the link's).
     *
     * @param resource resource description
     * @return holder descriptions, in the order they were added
     */
    List<String> holdersOf(String resource) {
        List<SliceId> keys = new ArrayList<>(holders.keySet());
        keys.sort(SliceId::compareTo);
        List<String> found = new ArrayList<>();
        for (SliceId key : keys) {
            Slice s = holders.get(key);
            boolean uses = s.ports().stream().anyMatch(p -> resource.equals("port " + p))
                    || s.trunkLinks().stream()
                            .anyMatch(l -> resource.equals(LinkKeys.describe(LinkKeys.undirected(l))));
            if (uses) {
                found.add(descriptions.get(key));
            }
        }
        return found;
    }

    @Override
    public String describe(SliceId id) {
        return descriptions.getOrDefault(id, "slice " + id);
    }

    @Override
    public Optional<Slice> slice(SliceId id) {
        return index.slice(id);
    }

    @Override
    public Collection<Slice> slices() {
        return index.slices();
    }

    @Override
    public BitSet usedIds() {
        return index.usedIds();
    }

    @Override
    public BitSet usedVlans() {
        return index.usedVlans();
    }

    @Override
    public Map<SliceId, EndpointMode> portUsers(ConnectPoint port, int max) {
        return index.portUsers(port, max);
    }

    @Override
    public long portBps(ConnectPoint port) {
        return index.portBps(port);
    }

    @Override
    public long linkBps(LinkKey link) {
        return index.linkBps(link);
    }

    @Override
    public Map<LinkKey, Link> links() {
        return index.links();
    }

    @Override
    public Optional<SliceId> named(TenantId tenant, String name) {
        return index.named(tenant, name);
    }
}

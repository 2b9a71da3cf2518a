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
package org.p4slice.slicing.api;

import org.onosproject.store.Store;

import java.util.Collection;
import java.util.Optional;

/**
 * Stores slices and the exclusive resources they hold (slice ids, VLANs, access ports), so that
 * they survive restarts and are shared by every controller instance. Claims are atomic: a slice is
 * stored with all of its exclusive resources or not at all. Reads are local; every change is
 * conditional on what is stored (a change decided on an older version is refused).
 */
public interface SliceStore extends Store<SliceEvent, SliceStoreDelegate> {

    /**
     * Returns every stored slice.
     *
     * @return slices
     */
    Collection<Slice> getSlices();

    /**
     * Returns a stored slice.
     *
     * @param id slice id
     * @return slice, or empty
     */
    Optional<Slice> getSlice(SliceId id);

    /**
     * Returns the slice of a tenant with the given name.
     *
     * @param tenant tenant
     * @param name   slice name
     * @return slice, or empty
     */
    Optional<Slice> getSlice(TenantId tenant, String name);

    /**
     * Stores a new slice, claiming its id, its VLAN and its access ports.
     *
     * @param slice slice
     * @throws SlicingException CONFLICT if one of them is taken (nothing is stored then)
     */
    void createSlice(Slice slice);

    /**
     * Replaces a stored slice with a new shape (same id and VLAN), re-claiming its access ports, if
     * the slice stored is still the one the change was decided on; the access ports claimed are
     * given back if the replacement fails.
     *
     * @param expected the slice as read when the change was decided
     * @param slice    new version
     * @throws SlicingException NOT_FOUND if there is no slice with that id; CONFLICT if it changed
     *     meanwhile (e.g. it is being released), a new access port is taken or the VLAN differs
     *     (nothing changes then)
     */
    void updateSlice(Slice expected, Slice slice);

    /**
     * Changes the state of a stored slice. A slice being released stays RELEASING: only its reason
     * changes then, so no outcome of earlier work can bring it back.
     *
     * @param id     slice id
     * @param state  new state
     * @param reason reason, or null
     * @return the slice as stored after the change, or empty if there is none
     */
    Optional<Slice> setState(SliceId id, SliceState state, String reason);

    /**
     * Marks a slice RELEASING if the slice stored under that id belongs to the tenant named: the
     * owner is checked on the slice as stored in the cluster, in the same compare-and-set that
     * marks it (never on a local copy that may lag), so a slice of another tenant that reuses the
     * id is never released.
     *
     * @param id    slice id
     * @param owner the tenant the caller saw owning the slice
     * @return the slice as stored after the change, or empty if there is none or it is another tenant's
     */
    Optional<Slice> release(SliceId id, TenantId owner);

    /**
     * Removes a slice and frees its id, VLAN and access ports.
     *
     * @param id slice id
     * @return the removed slice, or empty if there was none
     */
    Optional<Slice> removeSlice(SliceId id);

    /**
     * Frees the VLANs and access ports claimed for slices that are not stored (left by an instance
     * that stopped between two writes of a create or a removal). To be called where no slice is being
     * created or reshaped (under the admission lock): a create claims before it stores.
     *
     * @return how many claims were freed
     */
    int freeOrphanClaims();
}

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
package org.p4slice.slicing.impl.store;

import com.google.common.collect.ImmutableSet;
import org.onosproject.store.service.Serializer;

import java.util.Arrays;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The format of a store's maps across releases. The stored value types (a slice, a reservation,
 * an audit entry) are written as a format version followed by Kryo's compatible field encoding
 * with registration ids fixed from {@code KryoNamespaces.BEGIN_USER_CUSTOM_ID}, so a release may add
 * fields and still read what an earlier one wrote (and the reverse). What the first release wrote
 * carries no version: it is read with that release's namespace, kept as it was ({@code legacy}),
 * which also writes every other type (keys and ids), byte for byte as before, so the keys an
 * earlier release stored are found again.
 */
final class VersionedSerializer implements Serializer {

    // a value of the first format never starts with 0 followed by anything: Kryo writes a class id
    // + 2 first, and a null (never stored) as the single byte 0
    private static final byte MARK = 0;
    /** The format version this release writes. */
    static final byte VERSION = 1;

    private final Serializer legacy;
    private final Serializer current;
    private final Set<Class<?>> versioned;

    /**
     * Creates the serializer.
     *
     * @param legacy    the first release's serializer (keys, ids, and values without a version)
     * @param current   the compatible serializer of the versioned values
     * @param versioned the value types written in the versioned format
     */
    VersionedSerializer(Serializer legacy, Serializer current, Set<Class<?>> versioned) {
        this.legacy = checkNotNull(legacy);
        this.current = checkNotNull(current);
        this.versioned = ImmutableSet.copyOf(versioned);
    }

    @Override
    public <T> byte[] encode(T object) {
        if (object == null || !versioned.contains(object.getClass())) {
            return legacy.encode(object);
        }
        byte[] body = current.encode(object);
        byte[] bytes = new byte[body.length + 2];
        bytes[0] = MARK;
        bytes[1] = VERSION;
        System.arraycopy(body, 0, bytes, 2, body.length);
        return bytes;
    }

    @Override
    public <T> T decode(byte[] bytes) {
        if (bytes == null || bytes.length < 2 || bytes[0] != MARK) {
            return legacy.decode(bytes);
        }
        if (bytes[1] != VERSION) {
            throw new IllegalStateException("stored in format version " + bytes[1] + " of a later p4slice release; "
                    + "this release reads versions up to " + VERSION);
        }
        return current.decode(Arrays.copyOfRange(bytes, 2, bytes.length));
    }

    @Override
    public <T> T copy(T object) {
        return decode(encode(object));
    }
}

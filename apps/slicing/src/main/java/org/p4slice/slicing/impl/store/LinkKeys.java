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

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;
import org.onosproject.net.LinkKey;
import org.p4slice.slicing.api.ConnectPoints;

/**
 * Orderings and keys shared by the slicing implementation, so that every listing and every
 * message is deterministic.
 */
public final class LinkKeys {

    private LinkKeys() {
    }

    /**
     * Returns the key of the physical (full-duplex) link a directed link belongs to: the same
     * for both directions, oriented from the smaller to the larger end.
     *
     * @param link one direction
     * @return undirected key
     */
    public static LinkKey undirected(Link link) {
        return undirected(link.src(), link.dst());
    }

    /**
     * Returns the undirected key of the link between two ports.
     *
     * @param a one end
     * @param b other end
     * @return undirected key
     */
    public static LinkKey undirected(ConnectPoint a, ConnectPoint b) {
        return ConnectPoints.ORDER.compare(a, b) <= 0 ? LinkKey.linkKey(a, b) : LinkKey.linkKey(b, a);
    }

    /**
     * Tells whether a link is oriented as its undirected key.
     *
     * @param link link
     * @return true if src is the smaller end
     */
    public static boolean isCanonical(Link link) {
        return ConnectPoints.ORDER.compare(link.src(), link.dst()) <= 0;
    }

    /**
     * Describes a link for messages, e.g. {@code "link device:bmv2:s1/3-device:bmv2:s2/3"}.
     *
     * @param key undirected key
     * @return description
     */
    public static String describe(LinkKey key) {
        return "link " + key.src() + "-" + key.dst();
    }
}

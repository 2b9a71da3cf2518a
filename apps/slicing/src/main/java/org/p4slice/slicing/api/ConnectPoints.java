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

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;

import java.util.Comparator;

/**
 * The one order of connect points and links the application uses wherever it sorts them (JSON,
 * CLI output, admission, translation): by device id text, then port number; links by source, then
 * destination.
 */
public final class ConnectPoints {

    /** Connect points by device id text, then port number. */
    public static final Comparator<ConnectPoint> ORDER =
            Comparator.comparing((ConnectPoint cp) -> cp.deviceId().toString())
                    .thenComparingLong(cp -> cp.port().toLong());

    /** Links by source, then destination, each in {@link #ORDER}. */
    public static final Comparator<Link> LINK_ORDER =
            Comparator.comparing(Link::src, ORDER).thenComparing(Link::dst, ORDER);

    private ConnectPoints() {
    }
}

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
package org.p4slice.pipeconf.tofino;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.util.function.Supplier;

/**
 * URLs whose content is computed when they are opened: ONOS pipeconf extensions are URLs, and a
 * Tofino device configuration is assembled from the packaged p4c outputs rather than packaged a
 * second time. Nothing is kept between two openings.
 */
public final class GeneratedUrls {

    private static final String PROTOCOL = "p4slice-generated";

    private GeneratedUrls() {
        // static factory
    }

    /**
     * Returns a URL whose stream is {@code content}'s result, computed at every opening.
     *
     * @param name    path of the URL, for logs and messages
     * @param content the bytes
     * @return the URL
     */
    public static URL of(String name, Supplier<byte[]> content) {
        try {
            return new URL(PROTOCOL, null, -1, "/" + name, new URLStreamHandler() {
                @Override
                protected URLConnection openConnection(URL url) {
                    return new URLConnection(url) {
                        @Override
                        public void connect() {
                            connected = true;
                        }

                        @Override
                        public InputStream getInputStream() {
                            return new ByteArrayInputStream(content.get());
                        }
                    };
                }
            });
        } catch (MalformedURLException e) {
            throw new IllegalStateException("cannot make a URL for " + name + ": " + e.getMessage(), e);
        }
    }
}

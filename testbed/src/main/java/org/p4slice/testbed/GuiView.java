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

import org.onosproject.ui.UiMessageHandler;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A classic-GUI view as the dev server serves it without ONOS's GUI: its id, the class-path folder of
 * its {@code css.html} and {@code js.html} (what the view injects into ONOS's GUI; the lists of style
 * sheets and scripts are read from those files, nowhere else) and its message handlers (a fresh set
 * per GUI connection). The web bundle's view is {@code new GuiView(P4SliceUiComponent.VIEW_ID,
 * P4SliceUiComponent.RESOURCE_PATH, P4SliceUiComponent::handlers)}.
 */
public final class GuiView {

    private static final Pattern REFERENCE = Pattern.compile("(?:src|href)=\"([^\"]+)\"");

    private final String id;
    private final String resourcePath;
    private final Supplier<List<UiMessageHandler>> handlers;

    /**
     * Describes a view.
     *
     * @param id           view id (its files are under {@code app/view/<id>/})
     * @param resourcePath class-path folder of its {@code css.html} and {@code js.html}
     * @param handlers     makes the view's message handlers, a fresh set per connection
     */
    public GuiView(String id, String resourcePath, Supplier<List<UiMessageHandler>> handlers) {
        this.id = checkNotNull(id);
        this.resourcePath = checkNotNull(resourcePath);
        this.handlers = checkNotNull(handlers);
    }

    /**
     * Returns the view id.
     *
     * @return id
     */
    public String id() {
        return id;
    }

    /**
     * Returns a fresh set of the view's message handlers.
     *
     * @return handlers
     */
    public List<UiMessageHandler> handlers() {
        return new ArrayList<>(handlers.get());
    }

    /**
     * Returns the view's scripts as the GUI loads them, in order: the class-path resources that
     * {@code js.html} names.
     *
     * @return resource names, e.g. {@code app/view/p4slice/p4slice.js}
     * @throws IOException if {@code js.html} is missing or names a file outside the view's folder
     */
    public List<String> scripts() throws IOException {
        return references(injection("js.html"));
    }

    /**
     * Returns what the GUI injects for the view: the style sheets, then the scripts.
     *
     * @return resource names
     * @throws IOException if an injection file is missing or names a file outside the view's folder
     */
    public List<String> files() throws IOException {
        List<String> files = new ArrayList<>(references(injection("css.html")));
        files.addAll(scripts());
        return files;
    }

    /**
     * Returns one of the view's injection files.
     *
     * @param name {@code css.html} or {@code js.html}
     * @return its text
     * @throws IOException if it is missing
     */
    public String injection(String name) throws IOException {
        return read(resourcePath + "/" + name);
    }

    /**
     * Returns the view's partial, {@code app/view/<id>/<id>.html}.
     *
     * @return its text
     * @throws IOException if it is missing
     */
    public String partial() throws IOException {
        return read(folder() + id + ".html");
    }

    private String folder() {
        return "app/view/" + id + "/";
    }

    // the files an injection file names, each checked to be in the view's folder
    private List<String> references(String html) throws IOException {
        List<String> files = new ArrayList<>();
        Matcher m = REFERENCE.matcher(html);
        while (m.find()) {
            String file = m.group(1);
            if (!file.startsWith(folder())) {
                throw new IOException("not one of the view's files: " + file);
            }
            files.add(file);
        }
        return files;
    }

    /**
     * Reads a class-path resource as text.
     *
     * @param resource resource name
     * @return its text
     * @throws IOException if it is missing
     */
    static String read(String resource) throws IOException {
        try (InputStream in = GuiView.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

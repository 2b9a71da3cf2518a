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
package org.p4slice.web.gui;

import org.junit.Test;
import org.onosproject.ui.UiExtension;
import org.onosproject.ui.UiExtensionServiceAdapter;
import org.onosproject.ui.UiTopoOverlay;
import org.onosproject.ui.UiView;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.Assert.assertThat;

/**
 * The ONOS GUI view: registered and unregistered with the GUI, and every resource the GUI loads
 * for it (injection files, the view's partial, script and style sheet) present in the bundle.
 */
public class P4SliceUiComponentTest {

    private static final Pattern REFERENCE = Pattern.compile("(?:src|href)=\"([^\"]+)\"");

    // the GUI's extension registry, recording what it is given
    private static final class RecordingUiExtensionService extends UiExtensionServiceAdapter {
        private final List<UiExtension> registered = new ArrayList<>();
        private final List<UiExtension> unregistered = new ArrayList<>();

        @Override
        public void register(UiExtension extension) {
            registered.add(extension);
        }

        @Override
        public void unregister(UiExtension extension) {
            unregistered.add(extension);
        }
    }

    private static String read(InputStream in) throws IOException {
        assertThat(in, notNullValue());
        try (InputStream s = in) {
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    public void registersTheSlicesViewWhileActive() {
        RecordingUiExtensionService gui = new RecordingUiExtensionService();
        P4SliceUiComponent component = new P4SliceUiComponent();
        component.uiExtensionService = gui;
        component.activate();
        assertThat(gui.registered.size(), is(1));
        UiExtension extension = gui.registered.get(0);
        assertThat(extension.views().size(), is(1));
        UiView view = extension.views().get(0);
        assertThat(view.id(), is("p4slice"));
        assertThat(view.label(), is("Slices"));
        assertThat(view.category(), is(UiView.Category.NETWORK));
        assertThat(extension.messageHandlerFactory().newHandlers().stream()
                           .map(h -> h.getClass().getSimpleName()).sorted().collect(Collectors.toList()),
                   is(List.of("CapacityHandler", "FairnessHandler", "ReservationActionsHandler",
                              "ReservationsHandler", "SliceActionsHandler", "SliceOverlayHandler",
                              "SlicesTableHandler")));
        // one set per GUI session: never shared
        assertThat(extension.messageHandlerFactory().newHandlers().iterator().next(),
                   not(sameInstance(extension.messageHandlerFactory().newHandlers().iterator().next())));
        assertThat(extension.topoOverlayFactory().newOverlays().stream().map(UiTopoOverlay::id)
                           .collect(Collectors.toList()), is(List.of(SliceTopoOverlay.OVERLAY_ID)));

        component.deactivate();
        assertThat(gui.unregistered.size(), is(1));
        assertThat(gui.unregistered.get(0), sameInstance(extension));
    }

    @Test
    public void viewScriptsAreInjectedInDependencyOrder() throws IOException {
        List<String> scripts = new ArrayList<>();
        Matcher m = REFERENCE.matcher(read(P4SliceUiComponent.extension().js()));
        while (m.find()) {
            scripts.add(m.group(1).substring("app/view/p4slice/".length()));
        }
        // the namespace window.P4slice first; the view put together (module ovP4slice) after its
        // parts; the overlay, which adds to that module, last
        assertThat(scripts.get(0), is("p4sliceFormat.js"));
        assertThat(scripts.subList(scripts.size() - 2, scripts.size()), is(List.of("p4slice.js", "p4sliceTopo.js")));
        // none twice
        assertThat(new HashSet<>(scripts).size(), is(scripts.size()));
    }

    @Test
    public void everyResourceTheGuiLoadsIsInTheBundle() throws IOException {
        UiExtension extension = P4SliceUiComponent.extension();
        String css = read(extension.css());
        String js = read(extension.js());
        assertThat(css, containsString("href=\"app/view/p4slice/p4slice.css\""));
        assertThat(js, containsString("src=\"app/view/p4slice/p4slice.js\""));
        assertThat(js, containsString("src=\"app/view/p4slice/p4sliceTopo.js\""));
        // what the injection files reference, the GUI serves through the extension's view resources
        for (String html : List.of(css, js)) {
            Matcher m = REFERENCE.matcher(html);
            while (m.find()) {
                String path = m.group(1);
                assertThat(path, path.startsWith("app/view/p4slice/"), is(true));
                read(extension.resource("p4slice", path.substring("app/view/p4slice/".length())));
            }
        }
        String partial = read(extension.resource("p4slice", "p4slice.html"));
        assertThat(partial, containsString("<div id=\"ov-p4slice\">"));
        // native: no frame, no second login
        assertThat(partial, not(containsString("<iframe")));
        assertThat(partial, containsString("<table id=\"slices\""));
        assertThat(read(extension.resource("p4slice", "p4slice.js")),
                   containsString("angular.module('ovP4slice', [])"));
        assertThat(read(extension.resource("p4slice", "p4sliceTopo.js")),
                   containsString("overlayId: '" + SliceTopoOverlay.OVERLAY_ID + "'"));
        assertThat(read(extension.resource("p4slice", "p4slice.css")), containsString("#ov-p4slice"));
        // all found: the GUI will list the view
        assertThat(extension.views().size(), is(1));
    }
}

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

import org.onosproject.ui.UiExtension;
import org.onosproject.ui.UiExtensionService;
import org.onosproject.ui.UiMessageHandler;
import org.onosproject.ui.UiView;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.List;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Adds the view "Slices" (id {@value #VIEW_ID}, in the GUI's Network category) and the topology
 * overlay {@value SliceTopoOverlay#OVERLAY_ID} to ONOS's classic GUI while the web bundle is
 * active. Its resources follow the GUI's conventions: {@code gui/css.html} and {@code gui/js.html}
 * inject {@code app/view/p4slice/p4slice.css} and the view's scripts in dependency order (its parts,
 * one file per concern, then {@code p4slice.js}, which puts the view together and defines the Angular
 * module {@code ovP4slice} and controller {@code OvP4sliceCtrl}, then {@code p4sliceTopo.js}, the
 * overlay); the view's partial is {@code app/view/p4slice/p4slice.html}. Its data travel over the GUI's own
 * websocket and session, through the message handlers of {@link #handlers()}.
 */
@Component(immediate = true)
public class P4SliceUiComponent {

    /** The view id. */
    public static final String VIEW_ID = "p4slice";
    /** The view's label in the GUI's navigation menu. */
    public static final String VIEW_LABEL = "Slices";
    /** Class-path folder of {@code css.html} and {@code js.html}. */
    public static final String RESOURCE_PATH = "gui";

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected UiExtensionService uiExtensionService;

    private UiExtension extension;

    /**
     * Returns the GUI extension of the view.
     *
     * @return a new extension
     */
    static UiExtension extension() {
        return new UiExtension.Builder(P4SliceUiComponent.class.getClassLoader(),
                                       List.of(new UiView(UiView.Category.NETWORK, VIEW_ID, VIEW_LABEL)))
                .resourcePath(RESOURCE_PATH)
                .messageHandlerFactory(P4SliceUiComponent::handlers)
                .topoOverlayFactory(() -> List.of(new SliceTopoOverlay()))
                .build();
    }

    /**
     * Returns a new set of the view's message handlers (one set per GUI session).
     *
     * @return handlers
     */
    public static List<UiMessageHandler> handlers() {
        return List.of(new SlicesTableHandler(), new CapacityHandler(), new FairnessHandler(),
                       new ReservationsHandler(), new SliceActionsHandler(), new ReservationActionsHandler(),
                       new SliceOverlayHandler());
    }

    /**
     * Registers the view.
     */
    @Activate
    protected void activate() {
        extension = extension();
        uiExtensionService.register(extension);
        log.info("Registered the GUI view {} ({})", VIEW_LABEL, VIEW_ID);
    }

    /**
     * Unregisters the view.
     */
    @Deactivate
    protected void deactivate() {
        uiExtensionService.unregister(extension);
        extension = null;
        log.info("Unregistered the GUI view {}", VIEW_ID);
    }
}

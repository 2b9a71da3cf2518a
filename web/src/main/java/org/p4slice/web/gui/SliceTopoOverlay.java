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

import org.onosproject.ui.UiTopoOverlay;

/**
 * The topology overlay "p4slice slices" (id {@value #OVERLAY_ID}): with it selected, the topology
 * view highlights the slice chosen by {@link SliceOverlayHandler}; its script is
 * {@code app/view/p4slice/p4sliceTopo.js}.
 */
public class SliceTopoOverlay extends UiTopoOverlay {

    /** The overlay id (the script's {@code overlayId}). */
    public static final String OVERLAY_ID = "p4slice-overlay";

    /**
     * Creates the overlay.
     */
    public SliceTopoOverlay() {
        super(OVERLAY_ID);
    }
}

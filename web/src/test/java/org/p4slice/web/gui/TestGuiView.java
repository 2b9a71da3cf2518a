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

import org.p4slice.testbed.GuiView;

/**
 * The view as the testbed's GUI servlet serves it in the GUI's tests: this bundle's, with its real
 * message handlers.
 */
final class TestGuiView {

    /** The view "Slices". */
    static final GuiView P4SLICE =
            new GuiView(P4SliceUiComponent.VIEW_ID, P4SliceUiComponent.RESOURCE_PATH, P4SliceUiComponent::handlers);

    private TestGuiView() {
    }
}

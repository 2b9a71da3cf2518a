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
package org.p4slice.tools.devserver;

import org.p4slice.devserver.DevServer;
import org.p4slice.devserver.DevServerOptions;
import org.p4slice.testbed.GuiView;
import org.p4slice.testbed.scenario.ScenarioReader;
import org.p4slice.web.gui.P4SliceUiComponent;

import java.io.IOException;

/**
 * The command {@code tools/run.sh devserver}: the dev server ({@link DevServer}) with the web bundle's
 * GUI view, run until SIGTERM or Ctrl-C. Options: {@code [--scenario FILE] [--with-slices]
 * [--traffic SPEC] [--port N] [--host ADDRESS] [--user NAME:PASSWORD[:admin]]... [--netcfg FILE]
 * [--webapp DIR]}; a bad option or scenario exits with status 2 and the reason.
 */
public final class DevServerCommand {

    /** The GUI view the dev server serves at {@code /ui/}: the web bundle's. */
    public static final GuiView GUI_VIEW =
            new GuiView(P4SliceUiComponent.VIEW_ID, P4SliceUiComponent.RESOURCE_PATH, P4SliceUiComponent::handlers);

    private DevServerCommand() {
    }

    /**
     * Runs the dev server until SIGTERM or Ctrl-C.
     *
     * @param args see the class description
     * @throws Exception if it cannot start
     */
    public static void main(String[] args) throws Exception {
        DevServerOptions options;
        try {
            options = DevServerOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("devserver: " + e.getMessage());
            System.err.println("usage: tools/run.sh devserver [--scenario FILE] [--with-slices] [--port N]"
                                       + " [--host ADDRESS] [--user NAME:PASSWORD[:admin]]... [--netcfg FILE]");
            System.exit(2);
            return;
        }
        DevServer dev;
        try {
            dev = DevServer.start(options, GUI_VIEW);
        } catch (ScenarioReader.ScenarioException | IllegalArgumentException | IOException e) {
            System.err.println("devserver: " + e.getMessage());
            System.exit(2);
            return;
        }
        Thread stopper = new Thread(dev::stop, "devserver-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        dev.join();
    }
}

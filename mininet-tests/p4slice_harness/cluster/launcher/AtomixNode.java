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

import io.atomix.core.Atomix;
import io.atomix.core.AtomixConfig;

import java.io.File;

/**
 * One Atomix 3.1.9 storage node of the p4slice cluster lab, started from its JSON configuration
 * the way Atomix's own agent starts one: the configuration file is loaded with Atomix's registry
 * (partition group and protocol types found on the class path), the node is built with a
 * shutdown hook, started, and the process lives as long as the node runs.
 * <p>
 * Usage: {@code java -cp 'lib/*:.' AtomixNode atomix.json}. The configuration is what ONOS's
 * {@code atomix-gen-config} writes (cluster id, local node, bootstrap nodes, Raft management
 * group and Raft partition group). Prints {@code ATOMIX-NODE READY <id> <host>:<port>} once the
 * node has joined its partition groups, so a launcher can wait for that line.
 */
public final class AtomixNode {

    private AtomixNode() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 1 || !new File(args[0]).isFile()) {
            System.err.println("usage: AtomixNode <atomix.json> (the node's configuration file)");
            System.exit(2);
        }
        AtomixConfig config = Atomix.config(new File(args[0]));
        Atomix atomix = Atomix.builder(config).withShutdownHookEnabled().build();
        atomix.start().join();
        System.out.println("ATOMIX-NODE READY " + atomix.getMembershipService().getLocalMember().id() + " "
                + atomix.getMembershipService().getLocalMember().address());
        System.out.flush();
        synchronized (AtomixNode.class) {
            while (atomix.isRunning()) {
                AtomixNode.class.wait(1000);
            }
        }
    }
}

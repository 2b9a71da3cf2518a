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

import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.net.pi.runtime.PiPreReplica;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.PlannedGroup;
import org.p4slice.slicing.impl.translator.PlannedMeter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Expresses ONOS's PI entities (what its PI translators make of the app's flow rules and groups,
 * and the meter cells the app writes) in the plan model, holding exactly ONOS's values, so that
 * ONOS's output can be compared with the app's plan and written as a harness plan.
 */
public final class PiToPlan {

    private PiToPlan() {
    }

    /**
     * Expresses one ONOS table entry as a planned entry. ONOS's {@code PiMatchKey} keeps its field
     * matches by field id, not in any order; they are listed here in the order of the table's key in
     * the P4Info (the order P4Runtime and the app use), which changes no value.
     *
     * @param pipeconf pipeconf whose model holds the entry's table
     * @param e        table entry
     * @return planned entry with ONOS's table, match, action and priority (absent = 0)
     * @throws IllegalStateException if the entry is not one the plan model can hold
     */
    public static PlannedEntry entry(PiPipeconf pipeconf, PiTableEntry e) {
        PiTableModel table = pipeconf.pipelineModel().table(e.table()).orElseThrow(
                () -> new IllegalStateException("ONOS wrote an entry of a table the P4Info lacks: " + e));
        PiCriterion.Builder match = PiCriterion.builder();
        int fields = 0;
        for (PiMatchFieldModel field : table.matchFields()) {
            Optional<PiFieldMatch> fm = e.matchKey().fieldMatch(field.id());
            if (fm.isPresent()) {
                match.add(fm.get());
                fields++;
            }
        }
        if (fields != e.matchKey().fieldMatches().size()) {
            throw new IllegalStateException("a field match of " + e + " is not a key field of its table");
        }
        if (!(e.action() instanceof PiAction)) {
            throw new IllegalStateException("ONOS writes a direct action, got " + e.action());
        }
        return PlannedEntry.of(e.table(), match.build(), (PiAction) e.action(), e.priority().orElse(0));
    }

    /**
     * Expresses a multicast group entry as a planned group, replicas ordered by port.
     *
     * @param g multicast group entry
     * @return planned group
     * @throws IllegalStateException if a replica has an instance other than 0
     */
    public static PlannedGroup group(PiMulticastGroupEntry g) {
        List<PiPreReplica> replicas = new ArrayList<>(g.replicas());
        replicas.sort(Comparator.comparingLong(r -> r.egressPort().toLong()));
        List<PortNumber> ports = new ArrayList<>();
        for (PiPreReplica r : replicas) {
            if (r.instanceId() != 0) {
                throw new IllegalStateException("replica of port " + r.egressPort() + " has instance "
                                                        + r.instanceId() + ", the plan model holds 0 only");
            }
            ports.add(r.egressPort());
        }
        return PlannedGroup.of(g.groupId(), ports);
    }

    /**
     * Expresses a meter cell configuration as a planned meter.
     *
     * @param m meter cell configuration
     * @return planned meter
     */
    public static PlannedMeter meter(PiMeterCellConfig m) {
        return PlannedMeter.of(m.cellId().meterId(), m.cellId().index(), m.committedBand().rate(),
                               m.committedBand().burst(), m.peakBand().rate(), m.peakBand().burst());
    }
}

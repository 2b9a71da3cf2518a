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

/*
 * p4slice view, load panels: capacity (#capacity-ports, #capacity-links: each port's and link's
 * usable capacity after the guard band, what the slices hold of it, a use bar) and fairness
 * (#fairness-summary, #fairness: the fairness app's CV, Jain index and each slice's share).
 * capacityRows is pure, exported for tests.
 */
(function (P4slice) {
    'use strict';

    var formatBps = P4slice.formatBps;
    var formatPercent = P4slice.formatPercent;

    /**
     * One capacity row (port or link) as shown: the usable capacity after the guard band,
     * taken from the server's figures (allocated + available), and the fraction of it allocated.
     */
    function capacityRow(name, c) {
        var usable = c.allocatedBps + c.availableBps;
        return {
            name: name,
            capacityBps: c.capacityBps,
            guardBand: c.guardBand,
            usableBps: usable,
            allocatedBps: c.allocatedBps,
            availableBps: c.availableBps,
            use: usable > 0 ? c.allocatedBps / usable : 0
        };
    }

    /** The rows of a capacity report: ports, then links ("src → dst"). */
    function capacityRows(report) {
        var ports = (report.ports || []).map(function (p) {
            return capacityRow(P4slice.portName(p), p);
        });
        var links = (report.links || []).map(function (l) {
            return capacityRow(P4slice.portName(l.src) + ' \u2192 ' + P4slice.portName(l.dst), l);
        });
        return {ports: ports, links: links};
    }

    /** The capacity panel over the view's pieces (ui); returns {render}. */
    function capacityPanel(ui) {
        var $ = ui.$;
        var el = ui.el;
        var td = ui.td;

        function capacityTr(r) {
            var pct = Math.min(100, Math.round(r.use * 100));
            var bar = el('div', {'class': 'bar' + (r.use > 0.9 ? ' high' : ''), style: 'width: ' + pct + '%'});
            return el('tr', {'data-name': r.name}, [
                td(r.name, 'name'),
                td(formatBps(r.capacityBps), 'num', r.capacityBps + ' bps'),
                td(formatBps(r.usableBps), 'num usable', r.usableBps + ' bps'),
                td(formatBps(r.allocatedBps), 'num allocated', r.allocatedBps + ' bps'),
                td(formatBps(r.availableBps), 'num available', r.availableBps + ' bps'),
                el('td', {'class': 'use', title: formatPercent(r.use) + ' of usable'},
                   [el('div', {'class': 'track'}, [bar])])
            ]);
        }

        /** Shows p4sliceCapacityResponse (the capacity report). */
        function render(report) {
            var rows = capacityRows(report);
            ui.replaceRows($('capacity-ports').tBodies[0], rows.ports.map(capacityTr));
            ui.replaceRows($('capacity-links').tBodies[0], rows.links.map(capacityTr));
            var all = rows.ports.concat(rows.links);
            $('guard-band').textContent = all.length ? '(guard band ' + formatPercent(all[0].guardBand) + ')' : '';
        }

        return {render: render};
    }

    /** The fairness panel over the view's pieces (ui), naming slices the slices panel knows; returns {render}. */
    function fairnessPanel(ui, slices) {
        var $ = ui.$;
        var td = ui.td;
        var trim2 = P4slice.trim2;

        /** Shows p4sliceFairnessResponse {ok, report} or {ok: false, message}. */
        function render(answer) {
            var summary = $('fairness-summary');
            var table = $('fairness');
            if (!answer.ok) {
                summary.textContent = 'No fairness report: ' + answer.message;
                summary.className = 'empty';
                table.hidden = true;
                return;
            }
            var f = answer.report;
            summary.className = 'fairness-figures';
            summary.textContent = 'window ' + trim2(f.windowSeconds) + ' s \u00b7 CV ' + trim2(f.cv)
                + ' \u00b7 Jain ' + trim2(f.jain) + ' \u00b7 max deviation ' + formatPercent(f.maxDeviation);
            ui.replaceRows(table.tBodies[0], (f.slices || []).map(function (s) {
                var known = slices.known(s.id);
                return ui.el('tr', {'data-slice-id': String(s.id)}, [
                    td(known ? s.id + ' ' + known.name : String(s.id), 'name'),
                    td(formatBps(s.quotaBps), 'num'),
                    td(formatBps(s.rateBps), 'num rate'),
                    td(formatPercent(s.share), 'num share'),
                    td(formatPercent(s.deviation), 'num')
                ]);
            }));
            table.hidden = false;
        }

        return {render: render};
    }

    P4slice.capacityRows = capacityRows;
    P4slice.capacityPanel = capacityPanel;
    P4slice.fairnessPanel = fairnessPanel;
}(window.P4slice));

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
 * p4slice view, formatting: how figures, states and action results are shown to people (bits per
 * second, counts, percentages, ports, endpoints). Loaded first (gui/js.html): it defines the view's
 * namespace window.P4slice, which the later files fill in. Pure; exported for tests.
 */
(function (window) {
    'use strict';

    var UNITS = [['G', 1e9], ['M', 1e6], ['k', 1e3]];
    var DASH = '\u2014';

    /** A number with at most two decimals, trailing zeros dropped. */
    function trim2(x) {
        return String(Math.round(x * 100) / 100);
    }

    /** Bits per second for people: 8000000 -> "8 Mb/s"; null or undefined -> "—". */
    function formatBps(bps) {
        if (bps === null || bps === undefined || isNaN(bps)) {
            return DASH;
        }
        var a = Math.abs(bps);
        for (var i = 0; i < UNITS.length; i++) {
            if (a >= UNITS[i][1]) {
                return trim2(bps / UNITS[i][1]) + ' ' + UNITS[i][0] + 'b/s';
            }
        }
        return trim2(bps) + ' b/s';
    }

    /** A count for people: 1234567 -> "1,234,567". */
    function formatCount(n) {
        if (n === null || n === undefined || isNaN(n)) {
            return DASH;
        }
        return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    }

    /** A fraction as a percentage: 0.05 -> "5 %". */
    function formatPercent(fraction) {
        if (fraction === null || fraction === undefined || isNaN(fraction)) {
            return DASH;
        }
        return trim2(fraction * 100) + ' %';
    }

    /** "device:bmv2:s1/1" for an endpoint or connect point. */
    function portName(p) {
        return p.device + '/' + p.port;
    }

    /** An endpoint as shown and typed: "device:bmv2:s1/1 access". */
    function endpointText(e) {
        return portName(e) + ' ' + e.mode;
    }

    /** The state as shown: "ACTIVE", or "FAILED: why". */
    function stateText(o) {
        return o.reason ? o.state + ': ' + o.reason : o.state;
    }

    /** What an action's result says, for people. */
    function resultText(r) {
        if (!r.ok) {
            return r.message;
        }
        var s = r.slice;
        var who = s ? 'Slice ' + s.id + ' (' + s.tenant + '/' + s.name + ')' : '';
        switch (r.action) {
            case 'create':
                return who + ' created: ' + stateText(s) + ', VLAN ' + s.vlan;
            case 'update':
                return who + ' updated: ' + stateText(s);
            case 'release':
                return s ? who + ' is being released (' + s.state + ')' : 'Slice ' + r.ref + ' released';
            case 'reserve':
                return 'Reservation ' + r.reservation.id + ' booked: ' + stateText(r.reservation);
            case 'cancel':
                return 'Reservation ' + r.ref + ' cancelled';
            default:
                return r.action + ': done';
        }
    }

    window.P4slice = {
        DASH: DASH,
        trim2: trim2,
        formatBps: formatBps,
        formatCount: formatCount,
        formatPercent: formatPercent,
        portName: portName,
        endpointText: endpointText,
        stateText: stateText,
        resultText: resultText
    };
}(window));

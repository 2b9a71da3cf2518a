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
 * ONOS classic GUI view "Slices" (view id p4slice, Angular module ovP4slice, controller
 * OvP4sliceCtrl). Everything travels over the GUI's own websocket and session (ONOS's
 * WebSocketService): requests p4slice{Slices,Capacity,Fairness,Reservations}Request, answered by
 * the web bundle's message handlers, and the changes p4slice{Create,Update,Release,Reserve,Cancel},
 * answered by p4sliceActionResult {action, ref, ok, code, message, slice|reservation}.
 *
 * The view itself (P4slice.mount) only needs a transport {send(event, payload), bind(handlers),
 * unbind(handlers)}: inside ONOS it is the GUI's WebSocketService; the dev server's page
 * (web/src/test/resources/devgui) gives it one over HTTP to the same message handlers. The pure
 * helpers are exported as window.P4slice for tests.
 */
(function (window) {
    'use strict';

    var DEFAULT_REFRESH_MS = 5000;
    var MIN_REFRESH_MS = 500;
    var ARM_MS = 5000;
    var UNITS = [['G', 1e9], ['M', 1e6], ['k', 1e3]];
    var MULTIPLIER = {'': 1, k: 1e3, K: 1e3, m: 1e6, M: 1e6, g: 1e9, G: 1e9};
    var SPAN_MS = {s: 1e3, m: 6e4, h: 36e5, d: 864e5};
    var DASH = '\u2014';

    // ---- pure helpers -------------------------------------------------------------------

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

    /**
     * Parses a rate typed by a person: "10M", "2.5 Mb/s", "500k", "25000000" -> bits per second.
     * Throws an Error naming the field and the accepted forms.
     */
    function parseBps(text, field) {
        var name = field || 'quota';
        var m = /^\s*(\d+(?:\.\d+)?)\s*([kKmMgG]?)(?:b(?:ps|\/s)?)?\s*$/.exec(text === undefined ? '' : String(text));
        if (!m) {
            throw new Error(name + ': "' + text + '" is not a rate; use bits per second with an optional '
                + 'k, M or G suffix, e.g. 10M');
        }
        var bps = Math.round(parseFloat(m[1]) * MULTIPLIER[m[2]]);
        if (bps <= 0) {
            throw new Error(name + ': must be more than 0 bits per second');
        }
        return bps;
    }

    /** Parses an optional whole number ("" -> undefined). */
    function parseOptionalInt(text, field) {
        var t = text === undefined || text === null ? '' : String(text).trim();
        if (t === '') {
            return undefined;
        }
        if (!/^\d+$/.test(t)) {
            throw new Error(field + ': "' + t + '" is not a whole number');
        }
        return parseInt(t, 10);
    }

    /**
     * Parses endpoints: "device:bmv2:s1/1 access, device:bmv2:s2/1" (commas, semicolons or new
     * lines between them; the mode defaults to access) -> [{device, port, mode}].
     */
    function parseEndpoints(text) {
        var parts = String(text === undefined ? '' : text).split(/[\n,;]+/);
        var endpoints = [];
        for (var i = 0; i < parts.length; i++) {
            var p = parts[i].trim();
            if (p === '') {
                continue;
            }
            var m = /^(\S+)\/(\d+)(?:\s+(access|trunk))?$/.exec(p);
            if (!m) {
                throw new Error('endpoint "' + p + '": expected <device>/<port> [access|trunk], '
                    + 'e.g. device:bmv2:s1/1 access');
            }
            endpoints.push({device: m[1], port: parseInt(m[2], 10), mode: m[3] || 'access'});
        }
        if (endpoints.length === 0) {
            throw new Error('endpoints: give at least one, e.g. device:bmv2:s1/1 access');
        }
        return endpoints;
    }

    /**
     * Builds a slice request from the form's fields {name, tenant, quota, burst, vlan, endpoints}
     * (all strings). Names are sent as typed (trimmed): the server judges them.
     */
    function buildRequest(f) {
        var request = {
            name: String(f.name || '').trim(),
            tenant: String(f.tenant || '').trim(),
            quotaBps: parseBps(f.quota, 'quota'),
            endpoints: parseEndpoints(f.endpoints)
        };
        var burst = parseOptionalInt(f.burst, 'burst');
        if (burst !== undefined) {
            request.burstBytes = burst;
        }
        var vlan = parseOptionalInt(f.vlan, 'VLAN');
        if (vlan !== undefined) {
            request.vlan = vlan;
        }
        return request;
    }

    /**
     * A time typed by a person: "+10m", "+2h", "+30s", "+1d" from now (nowMs), or an ISO-8601
     * time, sent as typed (the server judges it).
     */
    function parseWhen(text, field, nowMs) {
        var t = String(text === undefined || text === null ? '' : text).trim();
        var m = /^\+(\d+)\s*([smhd])$/.exec(t);
        if (m) {
            return new Date(nowMs + parseInt(m[1], 10) * SPAN_MS[m[2]]).toISOString();
        }
        if (t === '') {
            throw new Error(field + ': give a time, e.g. +10m or 2026-11-21T10:00:00Z');
        }
        return t;
    }

    /** Builds a reservation {tenant, slice, start, end} from its form's fields. */
    function buildReservation(f, nowMs) {
        var tenant = String(f.tenant || '').trim();
        return {
            tenant: tenant,
            slice: {name: String(f.name || '').trim(), quotaBps: parseBps(f.quota, 'quota'),
                endpoints: parseEndpoints(f.endpoints)},
            start: parseWhen(f.start, 'start', nowMs),
            end: parseWhen(f.end, 'end', nowMs)
        };
    }

    /** "device:bmv2:s1/1" for an endpoint or connect point. */
    function portName(p) {
        return p.device + '/' + p.port;
    }

    /** An endpoint as shown and typed: "device:bmv2:s1/1 access". */
    function endpointText(e) {
        return portName(e) + ' ' + e.mode;
    }

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
            return capacityRow(portName(p), p);
        });
        var links = (report.links || []).map(function (l) {
            return capacityRow(portName(l.src) + ' \u2192 ' + portName(l.dst), l);
        });
        return {ports: ports, links: links};
    }

    /** The state as shown: "ACTIVE", or "FAILED: why". */
    function stateText(o) {
        return o.reason ? o.state + ': ' + o.reason : o.state;
    }

    /** The refresh period of a location's search or hash ("?refresh=1000"), at least 500 ms. */
    function refreshMs(search) {
        var m = /[?&]refresh=(\d+)/.exec(search || '');
        return m ? Math.max(MIN_REFRESH_MS, parseInt(m[1], 10)) : DEFAULT_REFRESH_MS;
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

    // ---- the view -----------------------------------------------------------------------

    /**
     * Shows the view in root (the partial's #ov-p4slice) over a transport; returns {refresh,
     * create, destroy}. opts.refreshMs: the live refresh period.
     */
    function mount(root, transport, opts) {
        var doc = root.ownerDocument;
        var period = (opts && opts.refreshMs) || DEFAULT_REFRESH_MS;
        var timer = null;
        var armed = {};
        var editing = null;
        var slicesById = {};
        var nextRef = 1;
        var pending = {};

        function $(id) {
            return doc.getElementById(id);
        }

        /** An element with attributes and children (strings become text: no markup from data). */
        function el(tag, attrs, children) {
            var e = doc.createElement(tag);
            Object.keys(attrs || {}).forEach(function (k) {
                if (k === 'text') {
                    e.textContent = attrs[k];
                } else {
                    e.setAttribute(k, attrs[k]);
                }
            });
            (children || []).forEach(function (c) {
                e.appendChild(typeof c === 'string' ? doc.createTextNode(c) : c);
            });
            return e;
        }

        function td(text, cls, title) {
            var a = {text: text};
            if (cls) {
                a['class'] = cls;
            }
            if (title !== undefined) {
                a.title = title;
            }
            return el('td', a);
        }

        function replaceRows(tbody, rows) {
            while (tbody.firstChild) {
                tbody.removeChild(tbody.firstChild);
            }
            rows.forEach(function (r) {
                tbody.appendChild(r);
            });
        }

        /** Shows an answer next to its form (prefix '' or 'r-'): kind 'error' or 'ok'. */
        function showMessage(prefix, kind, status, text) {
            var m = $(prefix + 'message');
            m.className = 'message ' + kind;
            $(prefix + 'message-status').textContent = status ? String(status) : '';
            $(prefix + 'message-text').textContent = text;
            m.hidden = false;
        }

        function refresh() {
            transport.send('p4sliceSlicesRequest', {});
            transport.send('p4sliceCapacityRequest', {});
            transport.send('p4sliceFairnessRequest', {});
            transport.send('p4sliceReservationsRequest', {});
        }

        /** Sends a change; the result comes back as p4sliceActionResult with this ref. */
        function act(event, payload, prefix, ref) {
            payload.ref = ref === undefined ? nextRef++ : ref;
            pending[String(payload.ref)] = prefix;
            transport.send(event, payload);
        }

        function twoClickButton(cls, key, label, onConfirm) {
            var b = el('button', {type: 'button', 'class': cls, text: label});
            b.setAttribute('data-' + cls, key);
            var armKey = cls + key;
            if (armed[armKey]) {
                b.textContent = 'Confirm ' + label.toLowerCase();
                b.className = cls + ' armed';
            }
            b.addEventListener('click', function () {
                if (!armed[armKey]) {
                    armed[armKey] = window.setTimeout(function () {
                        delete armed[armKey];
                        var shown = root.querySelector('button[data-' + cls + '="' + key + '"]');
                        if (shown) {
                            shown.textContent = label;
                            shown.className = cls;
                        }
                    }, ARM_MS);
                    b.textContent = 'Confirm ' + label.toLowerCase();
                    b.className = cls + ' armed';
                    return;
                }
                window.clearTimeout(armed[armKey]);
                delete armed[armKey];
                onConfirm();
            });
            return b;
        }

        function editButton(s) {
            var b = el('button', {type: 'button', 'class': 'edit', 'data-edit': String(s.id), text: 'Edit'});
            b.addEventListener('click', function () {
                startEdit(s);
            });
            return b;
        }

        function renderSlices(data) {
            var slices = data.slices || [];
            slicesById = {};
            var rows = slices.map(function (s) {
                slicesById[s.id] = s;
                var st = s.stats;
                return el('tr', {'data-slice-id': String(s.id)}, [
                    td(String(s.id), 'num'),
                    td(s.name, 'name'),
                    td(s.tenant, 'tenant'),
                    td(String(s.vlan), 'num vlan'),
                    td(formatBps(s.quotaBps), 'num quota', s.quotaBps + ' bps'),
                    td(formatCount(s.burstBytes) + ' B', 'num burst'),
                    td(stateText(s), 'state state-' + String(s.state).toLowerCase()),
                    td(s.endpoints.map(endpointText).join(', '), 'endpoints'),
                    td(st ? formatBps(st.rxBps) : DASH, 'num rx'),
                    td(st ? formatBps(st.txBps) : DASH, 'num tx'),
                    td(st ? formatCount(st.dropPackets) + ' pkts' : DASH, 'num drops',
                       st ? formatCount(st.dropBytes) + ' bytes' : undefined),
                    el('td', {'class': 'actions'}, [editButton(s), twoClickButton('release', String(s.id), 'Release',
                        function () {
                            act('p4sliceRelease', {id: s.id}, '', s.id);
                        })])
                ]);
            });
            replaceRows($('slices').tBodies[0], rows);
            $('slice-count').textContent = '(' + slices.length + ')';
            $('no-slices').hidden = slices.length > 0;
            $('updated').textContent = 'updated ' + new Date().toLocaleTimeString();
        }

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

        function renderCapacity(report) {
            var rows = capacityRows(report);
            replaceRows($('capacity-ports').tBodies[0], rows.ports.map(capacityTr));
            replaceRows($('capacity-links').tBodies[0], rows.links.map(capacityTr));
            var all = rows.ports.concat(rows.links);
            $('guard-band').textContent = all.length ? '(guard band ' + formatPercent(all[0].guardBand) + ')' : '';
        }

        function renderFairness(answer) {
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
            replaceRows(table.tBodies[0], (f.slices || []).map(function (s) {
                var known = slicesById[s.id];
                return el('tr', {'data-slice-id': String(s.id)}, [
                    td(known ? s.id + ' ' + known.name : String(s.id), 'name'),
                    td(formatBps(s.quotaBps), 'num'),
                    td(formatBps(s.rateBps), 'num rate'),
                    td(formatPercent(s.share), 'num share'),
                    td(formatPercent(s.deviation), 'num')
                ]);
            }));
            table.hidden = false;
        }

        function renderReservations(data) {
            var list = data.reservations || [];
            replaceRows($('reservations').tBodies[0], list.map(function (r) {
                var live = r.state === 'SCHEDULED' || r.state === 'ACTIVE';
                return el('tr', {'data-reservation-id': String(r.id)}, [
                    td(String(r.id), 'num'),
                    td(r.tenant, 'tenant'),
                    td(r.slice.name, 'name'),
                    td(formatBps(r.slice.quotaBps), 'num quota'),
                    td(r.start, 'start'),
                    td(r.end, 'end'),
                    td(stateText(r), 'state state-' + String(r.state).toLowerCase()),
                    td(r.sliceId === null ? DASH : String(r.sliceId), 'num slice'),
                    el('td', {'class': 'actions'}, live ? [twoClickButton('cancel', String(r.id), 'Cancel',
                        function () {
                            act('p4sliceCancel', {id: r.id}, 'r-', r.id);
                        })] : [])
                ]);
            }));
            $('reservation-count').textContent = '(' + list.length + ')';
            $('no-reservations').hidden = list.length > 0;
        }

        function onResult(r) {
            var key = String(r.ref);
            var prefix = pending.hasOwnProperty(key) ? pending[key] : (/^(reserve|cancel)$/.test(r.action) ? 'r-' : '');
            delete pending[key];
            showMessage(prefix, r.ok ? 'ok' : 'error', r.code, resultText(r));
            if (r.ok && (r.action === 'create' || r.action === 'update')) {
                stopEdit();
                $('f-name').value = '';
            }
            $('create').disabled = false;
            refresh();
        }

        function formFields() {
            return {
                name: $('f-name').value, tenant: $('f-tenant').value, quota: $('f-quota').value,
                burst: $('f-burst').value, vlan: $('f-vlan').value, endpoints: $('f-endpoints').value
            };
        }

        function startEdit(s) {
            editing = s.id;
            $('f-name').value = s.name;
            $('f-tenant').value = s.tenant;
            $('f-quota').value = String(s.quotaBps);
            $('f-burst').value = String(s.burstBytes);
            $('f-vlan').value = String(s.vlan);
            $('f-endpoints').value = s.endpoints.map(endpointText).join(', ');
            $('form-title').textContent = 'Update slice ' + s.id;
            $('create').textContent = 'Update slice ' + s.id;
            $('cancel-edit').hidden = false;
        }

        function stopEdit() {
            editing = null;
            $('form-title').textContent = 'Create a slice';
            $('create').textContent = 'Create slice';
            $('cancel-edit').hidden = true;
        }

        /** Sends the slice form (create, or update while editing); false if the form is invalid. */
        function create() {
            var request;
            try {
                request = buildRequest(formFields());
            } catch (e) {
                showMessage('', 'error', 'form', e.message);
                return false;
            }
            $('create').disabled = true;
            if (editing === null) {
                act('p4sliceCreate', {request: request}, '');
            } else {
                act('p4sliceUpdate', {id: editing, request: request}, '', editing);
            }
            return true;
        }

        function reserve() {
            var request;
            try {
                request = buildReservation({
                    name: $('r-name').value, tenant: $('r-tenant').value, quota: $('r-quota').value,
                    start: $('r-start').value, end: $('r-end').value, endpoints: $('r-endpoints').value
                }, Date.now());
            } catch (e) {
                showMessage('r-', 'error', 'form', e.message);
                return false;
            }
            act('p4sliceReserve', {request: request}, 'r-');
            return true;
        }

        function setAutoRefresh(on) {
            if (timer) {
                window.clearInterval(timer);
                timer = null;
            }
            if (on) {
                timer = window.setInterval(refresh, period);
            }
        }

        var handlers = {
            p4sliceSlicesResponse: renderSlices,
            p4sliceCapacityResponse: renderCapacity,
            p4sliceFairnessResponse: renderFairness,
            p4sliceReservationsResponse: renderReservations,
            p4sliceActionResult: onResult
        };
        transport.bind(handlers);
        $('create-form').addEventListener('submit', function (ev) {
            ev.preventDefault();
            create();
        });
        $('reserve-form').addEventListener('submit', function (ev) {
            ev.preventDefault();
            reserve();
        });
        $('cancel-edit').addEventListener('click', stopEdit);
        $('refresh').addEventListener('click', refresh);
        $('auto-refresh').addEventListener('change', function (ev) {
            setAutoRefresh(ev.target.checked);
        });
        setAutoRefresh($('auto-refresh').checked);
        refresh();

        return {
            refresh: refresh,
            create: create,
            reserve: reserve,
            destroy: function () {
                setAutoRefresh(false);
                Object.keys(armed).forEach(function (k) {
                    window.clearTimeout(armed[k]);
                });
                transport.unbind(handlers);
            }
        };
    }

    /** ONOS's WebSocketService as the view's transport. */
    function wssTransport(wss) {
        return {
            send: function (event, payload) {
                wss.sendEvent(event, payload);
            },
            bind: function (handlers) {
                wss.bindHandlers(handlers);
            },
            unbind: function (handlers) {
                wss.unbindHandlers(handlers);
            }
        };
    }

    window.P4slice = {
        formatBps: formatBps,
        formatCount: formatCount,
        formatPercent: formatPercent,
        parseBps: parseBps,
        parseEndpoints: parseEndpoints,
        buildRequest: buildRequest,
        parseWhen: parseWhen,
        buildReservation: buildReservation,
        capacityRows: capacityRows,
        stateText: stateText,
        refreshMs: refreshMs,
        resultText: resultText,
        wssTransport: wssTransport,
        mount: mount
    };

    // inside ONOS's classic GUI: the view's module and controller
    if (window.angular) {
        window.angular.module('ovP4slice', [])
            .controller('OvP4sliceCtrl', ['$log', '$scope', 'WebSocketService',
                function ($log, $scope, wss) {
                    var view = mount(window.document.getElementById('ov-p4slice'), wssTransport(wss),
                                     {refreshMs: refreshMs(window.location.hash)});
                    window.P4slice.view = view;
                    $log.log('OvP4sliceCtrl has been created');
                    $scope.$on('$destroy', function () {
                        view.destroy();
                        window.P4slice.view = null;
                        $log.log('OvP4sliceCtrl has been destroyed');
                    });
                }]);
    }
}(window));

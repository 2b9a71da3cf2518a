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
 * The p4slice slices page: lists slices with their statistics, the capacity of every port and
 * link, the fairness report; creates and releases slices. Everything goes through the REST API
 * of the bundle that serves the page (relative to it), so it works under ONOS's /onos/p4slice
 * and under the dev server alike. The pure helpers are exported as window.P4slice for tests.
 */
(function (window) {
    'use strict';

    var DEFAULT_REFRESH_MS = 5000;
    var MIN_REFRESH_MS = 500;
    var ARM_MS = 5000;
    var UNITS = [['G', 1e9], ['M', 1e6], ['k', 1e3]];
    var MULTIPLIER = {'': 1, k: 1e3, K: 1e3, m: 1e6, M: 1e6, g: 1e9, G: 1e9};

    // ---- pure helpers -------------------------------------------------------------------

    /** The REST base (ending in '/') of a page path such as /onos/p4slice/ui/ or /onos/p4slice/ui. */
    function apiBase(pathname) {
        var i = pathname.lastIndexOf('/ui');
        return (i >= 0 ? pathname.substring(0, i) : pathname.replace(/\/[^/]*$/, '')) + '/';
    }

    /** A number with at most two decimals, trailing zeros dropped. */
    function trim2(x) {
        return String(Math.round(x * 100) / 100);
    }

    /** Bits per second for people: 8000000 -> "8 Mb/s"; null or undefined -> "—". */
    function formatBps(bps) {
        if (bps === null || bps === undefined || isNaN(bps)) {
            return '\u2014';
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
            return '\u2014';
        }
        return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    }

    /** A fraction as a percentage: 0.05 -> "5 %". */
    function formatPercent(fraction) {
        if (fraction === null || fraction === undefined || isNaN(fraction)) {
            return '\u2014';
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

    /** The message of an error answer: the server's {"code", "message"} verbatim, else the status. */
    function errorMessage(status, statusText, body) {
        if (body) {
            try {
                var json = JSON.parse(body);
                if (json && typeof json.message === 'string' && json.message !== '') {
                    return json.message;
                }
            } catch (e) {
                // not JSON: fall through to the status line
            }
        }
        return 'HTTP ' + status + (statusText ? ' ' + statusText : '');
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
     * floor((1 - guardBand) x capacity), taken from the server's figures (allocated + available)
     * rather than recomputed in floating point, and the fraction of it allocated.
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
    function stateText(slice) {
        return slice.reason ? slice.state + ': ' + slice.reason : slice.state;
    }

    // ---- REST ---------------------------------------------------------------------------

    var base = apiBase(window.location.pathname);

    /** Calls the REST API; resolves to {status, ok, json, message} (never rejects on HTTP errors). */
    function api(method, path, body) {
        var init = {method: method, headers: {Accept: 'application/json'}, credentials: 'same-origin',
            cache: 'no-store'};
        if (body !== undefined) {
            init.headers['Content-Type'] = 'application/json';
            init.body = JSON.stringify(body);
        }
        return window.fetch(base + path, init).then(function (r) {
            return r.text().then(function (text) {
                var json = null;
                if (r.ok && text) {
                    json = JSON.parse(text);
                }
                return {status: r.status, ok: r.ok, json: json,
                    message: r.ok ? null : errorMessage(r.status, r.statusText, text)};
            });
        }, function (e) {
            return {status: 0, ok: false, json: null, message: 'cannot reach the server: ' + e.message};
        });
    }

    // ---- rendering ----------------------------------------------------------------------

    function $(id) {
        return window.document.getElementById(id);
    }

    /** An element with attributes and children (strings become text: no markup from data). */
    function el(tag, attrs, children) {
        var e = window.document.createElement(tag);
        Object.keys(attrs || {}).forEach(function (k) {
            if (k === 'text') {
                e.textContent = attrs[k];
            } else {
                e.setAttribute(k, attrs[k]);
            }
        });
        (children || []).forEach(function (c) {
            e.appendChild(typeof c === 'string' ? window.document.createTextNode(c) : c);
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

    /** Shows the answer to an action: kind 'error' or 'ok'; status shown apart from the text. */
    function showMessage(kind, status, text) {
        var m = $('message');
        m.className = 'message ' + kind;
        $('message-status').textContent = status ? String(status) : '';
        $('message-text').textContent = text;
        m.hidden = false;
    }

    var armed = {};

    function releaseButton(slice) {
        var b = el('button', {type: 'button', 'class': 'release', 'data-release': String(slice.id),
            text: 'Release'});
        var key = String(slice.id);
        if (armed[key]) {
            b.textContent = 'Confirm release';
            b.className = 'release armed';
        }
        b.addEventListener('click', function () {
            if (!armed[key]) {
                armed[key] = window.setTimeout(function () {
                    delete armed[key];
                    // the table may have been redrawn since: reset the button shown now
                    var shown = window.document.querySelector('button[data-release="' + key + '"]');
                    if (shown) {
                        shown.textContent = 'Release';
                        shown.className = 'release';
                    }
                }, ARM_MS);
                b.textContent = 'Confirm release';
                b.className = 'release armed';
                return;
            }
            window.clearTimeout(armed[key]);
            delete armed[key];
            release(slice);
        });
        return b;
    }

    function renderSlices(slices, stats) {
        var rows = slices.map(function (s) {
            var st = stats[s.id];
            var row = el('tr', {'data-slice-id': String(s.id)}, [
                td(String(s.id), 'num'),
                td(s.name, 'name'),
                td(s.tenant, 'tenant'),
                td(String(s.vlan), 'num vlan'),
                td(formatBps(s.quotaBps), 'num quota', s.quotaBps + ' bps'),
                td(formatCount(s.burstBytes) + ' B', 'num burst'),
                td(stateText(s), 'state state-' + String(s.state).toLowerCase()),
                td(s.endpoints.map(endpointText).join(', '), 'endpoints'),
                td(st ? formatBps(st.rxBps) : '\u2014', 'num rx'),
                td(st ? formatBps(st.txBps) : '\u2014', 'num tx'),
                td(st ? formatCount(st.dropPackets) + ' pkts' : '\u2014', 'num drops',
                   st ? formatCount(st.dropBytes) + ' bytes' : undefined),
                el('td', {}, [releaseButton(s)])
            ]);
            return row;
        });
        replaceRows($('slices').tBodies[0], rows);
        $('slice-count').textContent = '(' + slices.length + ')';
        $('no-slices').hidden = slices.length > 0;
    }

    function capacityTr(r) {
        var pct = Math.min(100, Math.round(r.use * 100));
        var bar = el('div', {'class': 'bar' + (r.use > 0.9 ? ' high' : ''),
            style: 'width: ' + pct + '%'});
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
            var why = /^HTTP /.test(answer.message) ? answer.message
                : (answer.status ? 'HTTP ' + answer.status + ': ' : '') + answer.message;
            summary.textContent = (answer.status === 404 ? 'No fairness report from this server ('
                : 'Fairness report unavailable (') + why + ').';
            summary.className = 'empty';
            table.hidden = true;
            return;
        }
        var f = answer.json;
        summary.className = '';
        summary.textContent = 'window ' + f.windowSeconds + ' s \u00b7 CV ' + trim2(f.cv)
            + ' \u00b7 Jain ' + trim2(f.jain) + ' \u00b7 max deviation ' + formatPercent(f.maxDeviation);
        replaceRows(table.tBodies[0], (f.slices || []).map(function (s) {
            return el('tr', {'data-slice-id': String(s.id)}, [
                td(String(s.id), 'num'),
                td(formatBps(s.quotaBps), 'num'),
                td(formatBps(s.rateBps), 'num'),
                td(formatPercent(s.share), 'num'),
                td(formatPercent(s.deviation), 'num')
            ]);
        }));
        table.hidden = false;
    }

    // ---- actions ------------------------------------------------------------------------

    var inFlight = null;
    var queued = null;

    /**
     * Reloads everything and resolves when rendered. A call made while a reload is under way
     * gets one more reload after it (shared by all such calls), so what it shows is never older
     * than the call.
     */
    function refresh() {
        if (inFlight) {
            if (!queued) {
                queued = inFlight.then(function () {
                    queued = null;
                    return refresh();
                });
            }
            return queued;
        }
        inFlight = Promise.all([api('GET', 'slices'), api('GET', 'capacity'), api('GET', 'fairness')])
            .then(function (answers) {
                var slices = answers[0];
                if (!slices.ok) {
                    showMessage('error', slices.status, slices.message);
                    return null;
                }
                var list = slices.json.slices || [];
                return Promise.all(list.map(function (s) {
                    return api('GET', 'slices/' + s.id + '/stats');
                })).then(function (statAnswers) {
                    var stats = {};
                    statAnswers.forEach(function (a, i) {
                        if (a.ok) {
                            stats[list[i].id] = a.json;
                        }
                    });
                    renderSlices(list, stats);
                    if (answers[1].ok) {
                        renderCapacity(answers[1].json);
                    }
                    renderFairness(answers[2]);
                    $('updated').textContent = 'updated ' + new Date().toLocaleTimeString();
                    return list;
                });
            })
            .then(function (r) {
                inFlight = null;
                return r;
            }, function (e) {
                inFlight = null;
                showMessage('error', '', 'refresh failed: ' + e.message);
                return null;
            });
        return inFlight;
    }

    function formFields() {
        return {
            name: $('f-name').value, tenant: $('f-tenant').value, quota: $('f-quota').value,
            burst: $('f-burst').value, vlan: $('f-vlan').value, endpoints: $('f-endpoints').value
        };
    }

    /** Creates a slice from the form; resolves to the REST answer (or null if the form is invalid). */
    function create() {
        var request;
        try {
            request = buildRequest(formFields());
        } catch (e) {
            showMessage('error', 'form', e.message);
            return Promise.resolve(null);
        }
        $('create').disabled = true;
        return api('POST', 'slices', request).then(function (a) {
            $('create').disabled = false;
            if (a.ok) {
                var s = a.json;
                showMessage('ok', a.status, 'Slice ' + s.id + ' (' + s.tenant + '/' + s.name + ') created: '
                    + stateText(s) + ', VLAN ' + s.vlan);
                $('f-name').value = '';
            } else {
                showMessage('error', a.status, a.message);
            }
            return refresh().then(function () {
                return a;
            });
        });
    }

    /** Releases a slice; resolves to the REST answer. */
    function release(slice) {
        return api('DELETE', 'slices/' + slice.id).then(function (a) {
            if (a.ok) {
                showMessage('ok', a.status, 'Slice ' + slice.id + ' (' + slice.tenant + '/' + slice.name
                    + ') released');
            } else {
                showMessage('error', a.status, a.message);
            }
            return refresh().then(function () {
                return a;
            });
        });
    }

    var timer = null;

    function refreshMs(search) {
        var m = /[?&]refresh=(\d+)/.exec(search || '');
        return m ? Math.max(MIN_REFRESH_MS, parseInt(m[1], 10)) : DEFAULT_REFRESH_MS;
    }

    function setAutoRefresh(on) {
        if (timer) {
            window.clearInterval(timer);
            timer = null;
        }
        if (on) {
            timer = window.setInterval(refresh, refreshMs(window.location.search));
        }
    }

    function start() {
        $('create-form').addEventListener('submit', function (ev) {
            ev.preventDefault();
            create();
        });
        $('refresh').addEventListener('click', refresh);
        $('auto-refresh').addEventListener('change', function (ev) {
            setAutoRefresh(ev.target.checked);
        });
        setAutoRefresh($('auto-refresh').checked);
        return refresh();
    }

    window.P4slice = {
        apiBase: apiBase,
        formatBps: formatBps,
        formatCount: formatCount,
        formatPercent: formatPercent,
        parseBps: parseBps,
        parseEndpoints: parseEndpoints,
        buildRequest: buildRequest,
        errorMessage: errorMessage,
        capacityRows: capacityRows,
        stateText: stateText,
        refreshMs: refreshMs,
        refresh: refresh,
        create: create
    };

    if (window.document.readyState === 'loading') {
        window.document.addEventListener('DOMContentLoaded', start);
    } else {
        start();
    }
}(window));

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
 * p4slice view, slices panel: the slices table (#slices, with each slice's switches and what each holds,
 * its rates and drops; one page of
 * 50, filtered by tenant and state, #slices-filters) with its Edit and Release buttons, and the slice form (#create-form) that creates a slice or, after Edit,
 * updates one (p4sliceCreate, p4sliceUpdate, p4sliceRelease). Its answers show in #message.
 */
(function (P4slice) {
    'use strict';

    var DASH = P4slice.DASH;
    var formatBps = P4slice.formatBps;
    var formatCount = P4slice.formatCount;
    var REQUEST = 'p4sliceSlicesRequest';
    /** Slices per page of the table (the filters and pages are those of GET /slices). */
    var PAGE = 50;

    /** The panel over the view's pieces (ui) and channel; returns {render, create, afterResult, known}. */
    function slicesPanel(ui, channel) {
        var $ = ui.$;
        var el = ui.el;
        var td = ui.td;
        var editing = null;
        var slicesById = {};
        var query = {limit: PAGE, offset: 0};
        var nextOffset = null;

        function editButton(s) {
            var b = el('button', {type: 'button', 'class': 'edit', 'data-edit': String(s.id), text: 'Edit'});
            b.addEventListener('click', function () {
                startEdit(s);
            });
            return b;
        }

        function releaseButton(s) {
            return ui.twoClickButton('release', String(s.id), 'Release', function () {
                channel.act('p4sliceRelease', {id: s.id}, '', s.id);
            });
        }

        /** One line per switch of the slice: its id and what it holds (state, and the reason of a failure). */
        function devicesCell(devices) {
            return el('td', {'class': 'devices'}, devices.map(function (d) {
                return el('div', {'class': 'device state-' + String(d.state).toLowerCase(), 'data-device': d.device,
                    title: 'VLAN ' + d.shape.vlan + ', access ' + (d.shape.accessPorts.join(',') || DASH)
                        + ', trunk ' + (d.shape.trunkPorts.join(',') || DASH),
                    text: d.device + ' ' + P4slice.stateText(d)});
            }));
        }

        /** Shows p4sliceSlicesResponse {slices}. */
        function render(data) {
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
                    td(P4slice.stateText(s), 'state state-' + String(s.state).toLowerCase()),
                    devicesCell(s.devices || []),
                    td(s.endpoints.map(P4slice.endpointText).join(', '), 'endpoints'),
                    td(st ? formatBps(st.rxBps) : DASH, 'num rx'),
                    td(st ? formatBps(st.txBps) : DASH, 'num tx'),
                    td(st ? formatCount(st.dropPackets) + ' pkts' : DASH, 'num drops',
                       st ? formatCount(st.dropBytes) + ' bytes' : undefined),
                    el('td', {'class': 'actions'}, [editButton(s), releaseButton(s)])
                ]);
            });
            ui.replaceRows($('slices').tBodies[0], rows);
            var total = typeof data.total === 'number' ? data.total : slices.length;
            var first = typeof data.offset === 'number' ? data.offset : 0;
            $('slices-error').hidden = !data.error;
            $('slices-error').textContent = data.error || '';
            $('slice-count').textContent = '(' + total + ')';
            $('slices-page').textContent = slices.length ? (first + 1) + '-' + (first + slices.length) + ' of ' + total
                : '';
            nextOffset = typeof data.nextOffset === 'number' ? data.nextOffset : null;
            $('slices-next').disabled = nextOffset === null;
            $('slices-prev').disabled = query.offset === 0;
            $('no-slices').hidden = slices.length > 0;
            $('updated').textContent = 'updated ' + new Date().toLocaleTimeString();
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
            $('f-endpoints').value = s.endpoints.map(P4slice.endpointText).join(', ');
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
                request = P4slice.buildRequest(formFields());
            } catch (e) {
                ui.showMessage('', 'error', 'form', e.message);
                return false;
            }
            $('create').disabled = true;
            if (editing === null) {
                channel.act('p4sliceCreate', {request: request}, '');
            } else {
                channel.act('p4sliceUpdate', {id: editing, request: request}, '', editing);
            }
            return true;
        }

        /** After any action's result (already shown): a done create or update empties the form. */
        function afterResult(r) {
            if (r.ok && (r.action === 'create' || r.action === 'update')) {
                stopEdit();
                $('f-name').value = '';
            }
            $('create').disabled = false;
        }

        /** Asks for the page at offset with the filters as the fields show them. */
        function page(offset) {
            query = {tenant: $('slices-tenant').value.trim(), state: $('slices-state').value, limit: PAGE,
                offset: Math.max(0, offset)};
            channel.setQuery(REQUEST, query);
            channel.refresh();
        }

        $('slices-tenant').addEventListener('change', function () {
            page(0);
        });
        $('slices-state').addEventListener('change', function () {
            page(0);
        });
        $('slices-prev').addEventListener('click', function () {
            page(query.offset - PAGE);
        });
        $('slices-next').addEventListener('click', function () {
            if (nextOffset !== null) {
                page(nextOffset);
            }
        });
        channel.setQuery(REQUEST, query);

        $('create-form').addEventListener('submit', function (ev) {
            ev.preventDefault();
            create();
        });
        $('cancel-edit').addEventListener('click', stopEdit);

        return {
            render: render,
            create: create,
            afterResult: afterResult,
            /** The slice with this id as last shown, or undefined. */
            known: function (id) {
                return slicesById[id];
            }
        };
    }

    P4slice.slicesPanel = slicesPanel;
}(window.P4slice));

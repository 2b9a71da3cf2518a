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
 * p4slice view, reservations panel: the reservations table (#reservations) with a Cancel button on
 * each scheduled or active one, and the booking form (#reserve-form; p4sliceReserve, p4sliceCancel).
 * Its answers show in #r-message.
 */
(function (P4slice) {
    'use strict';

    /** The panel over the view's pieces (ui) and channel; returns {render, reserve}. */
    function reservationsPanel(ui, channel) {
        var $ = ui.$;
        var el = ui.el;
        var td = ui.td;

        function cancelButton(r) {
            return ui.twoClickButton('cancel', String(r.id), 'Cancel', function () {
                channel.act('p4sliceCancel', {id: r.id}, 'r-', r.id);
            });
        }

        /** Shows p4sliceReservationsResponse {reservations}. */
        function render(data) {
            var list = data.reservations || [];
            ui.replaceRows($('reservations').tBodies[0], list.map(function (r) {
                var live = r.state === 'SCHEDULED' || r.state === 'ACTIVE';
                return el('tr', {'data-reservation-id': String(r.id)}, [
                    td(String(r.id), 'num'),
                    td(r.tenant, 'tenant'),
                    td(r.slice.name, 'name'),
                    td(P4slice.formatBps(r.slice.quotaBps), 'num quota'),
                    td(r.start, 'start'),
                    td(r.end, 'end'),
                    td(P4slice.stateText(r), 'state state-' + String(r.state).toLowerCase()),
                    td(r.sliceId === null ? P4slice.DASH : String(r.sliceId), 'num slice'),
                    el('td', {'class': 'actions'}, live ? [cancelButton(r)] : [])
                ]);
            }));
            $('reservation-count').textContent = '(' + list.length + ')';
            $('no-reservations').hidden = list.length > 0;
        }

        /** Sends the booking form; false if the form is invalid. */
        function reserve() {
            var request;
            try {
                request = P4slice.buildReservation({
                    name: $('r-name').value, tenant: $('r-tenant').value, quota: $('r-quota').value,
                    start: $('r-start').value, end: $('r-end').value, endpoints: $('r-endpoints').value
                }, Date.now());
            } catch (e) {
                ui.showMessage('r-', 'error', 'form', e.message);
                return false;
            }
            channel.act('p4sliceReserve', {request: request}, 'r-');
            return true;
        }

        $('reserve-form').addEventListener('submit', function (ev) {
            ev.preventDefault();
            reserve();
        });

        return {render: render, reserve: reserve};
    }

    P4slice.reservationsPanel = reservationsPanel;
}(window.P4slice));

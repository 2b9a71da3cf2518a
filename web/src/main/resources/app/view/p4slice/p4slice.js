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
 * ONOS classic GUI view "Slices" (view id p4slice): the view put together, and its Angular module
 * ovP4slice and controller OvP4sliceCtrl. Everything travels over the GUI's own websocket and
 * session (ONOS's WebSocketService): requests p4slice{Slices,Capacity,Fairness,Reservations}Request,
 * answered by the web bundle's message handlers, and the changes p4slice{Create,Update,Release,
 * Reserve,Cancel}, answered by p4sliceActionResult {action, ref, ok, code, message, slice|reservation}.
 *
 * The view's parts are the files before this one in gui/js.html (formatting, input, request
 * plumbing, page pieces, one file per panel), each adding to window.P4slice. The view itself
 * (P4slice.mount) only needs a transport {send(event, payload), bind(handlers), unbind(handlers)}:
 * inside ONOS it is the GUI's WebSocketService; the tenant portal's page (/onos/p4slice/ui/, also on the
 * dev server) gives it one over HTTP to the same message handlers (portal/p4slice-portal.js).
 */
(function (window, P4slice) {
    'use strict';

    /**
     * Shows the view in root (the partial's #ov-p4slice) over a transport; returns {refresh,
     * create, reserve, destroy}. opts.refreshMs: the live refresh period.
     */
    function mount(root, transport, opts) {
        var ui = P4slice.widgets(root);
        var $ = ui.$;
        var channel = P4slice.channel(transport, opts && opts.refreshMs);
        var slices = P4slice.slicesPanel(ui, channel);
        var reservations = P4slice.reservationsPanel(ui, channel);
        var capacity = P4slice.capacityPanel(ui);
        var fairness = P4slice.fairnessPanel(ui, slices);

        /** An action's result: shown next to the form it came from, then everything refreshed. */
        function onResult(r) {
            ui.showMessage(channel.formOf(r), r.ok ? 'ok' : 'error', r.code, P4slice.resultText(r));
            slices.afterResult(r);
            channel.refresh();
        }

        channel.bind({
            p4sliceSlicesResponse: slices.render,
            p4sliceCapacityResponse: capacity.render,
            p4sliceFairnessResponse: fairness.render,
            p4sliceReservationsResponse: reservations.render,
            p4sliceActionResult: onResult
        });
        $('refresh').addEventListener('click', channel.refresh);
        $('auto-refresh').addEventListener('change', function (ev) {
            channel.setAutoRefresh(ev.target.checked);
        });
        channel.setAutoRefresh($('auto-refresh').checked);
        channel.refresh();

        return {
            refresh: channel.refresh,
            create: slices.create,
            reserve: reservations.reserve,
            destroy: function () {
                channel.setAutoRefresh(false);
                ui.dispose();
                channel.close();
            }
        };
    }

    P4slice.mount = mount;

    // inside ONOS's classic GUI: the view's module and controller
    if (window.angular) {
        window.angular.module('ovP4slice', [])
            .controller('OvP4sliceCtrl', ['$log', '$scope', 'WebSocketService',
                function ($log, $scope, wss) {
                    var view = mount(window.document.getElementById('ov-p4slice'), P4slice.wssTransport(wss),
                                     {refreshMs: P4slice.refreshMs(window.location.hash)});
                    window.P4slice.view = view;
                    $log.log('OvP4sliceCtrl has been created');
                    $scope.$on('$destroy', function () {
                        view.destroy();
                        window.P4slice.view = null;
                        $log.log('OvP4sliceCtrl has been destroyed');
                    });
                }]);
    }
}(window, window.P4slice));

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
 * ONOS classic GUI topology overlay "p4slice slices" (overlayId p4slice-overlay; selected from the
 * topology toolbar, or with #/topo?overlayId=p4slice-overlay). Right/left arrow cycle through the
 * slices, 0 clears; the web bundle's SliceOverlayHandler answers with ONOS's showHighlights (the
 * slice's switches, hosts, access and trunk links, labelled with its load) and p4sliceTopoSelected,
 * shown in a flash message. While a slice is shown, its highlight is refreshed every 5 s.
 */
(function (window) {
    'use strict';

    var REFRESH_MS = 5000;
    var $log, wss, flash;
    var timer = null;
    var shown = null;

    function send(event, payload) {
        wss.sendEvent(event, payload || {});
    }

    function step(n) {
        send('p4sliceTopoSelect', {step: n});
    }

    function select(id) {
        send('p4sliceTopoSelect', {id: id});
    }

    function clear() {
        send('p4sliceTopoClear');
        return shown !== null;
    }

    function onSelected(data) {
        var s = data.slice;
        shown = s ? s.id : null;
        window.P4sliceTopo.selected = data;
        if (s) {
            flash.flash('Slice ' + s.id + ' ' + s.name + ' (' + s.tenant + ', VLAN ' + s.vlan + ', '
                + s.state + ') ' + data.index + '/' + data.count + ' \u2014 ' + data.label);
        } else {
            flash.flash(data.message || 'No slice shown');
        }
    }

    function startRefresh() {
        stopRefresh();
        timer = window.setInterval(function () {
            if (shown !== null) {
                send('p4sliceTopoSelect', {});
            }
        }, REFRESH_MS);
    }

    function stopRefresh() {
        if (timer) {
            window.clearInterval(timer);
            timer = null;
        }
    }

    var handlers = {p4sliceTopoSelected: onSelected};

    var overlay = {
        overlayId: 'p4slice-overlay',
        glyphId: 'm_topo',
        tooltip: 'p4slice slices',

        activate: function () {
            wss.bindHandlers(handlers);
            startRefresh();
            $log.debug('p4slice overlay activated');
        },
        deactivate: function () {
            stopRefresh();
            clear();
            shown = null;
            wss.unbindHandlers(handlers);
            $log.debug('p4slice overlay deactivated');
        },

        keyBindings: {
            rightArrow: {
                cb: function () {
                    step(1);
                },
                tt: 'Show the next slice',
                gid: 'm_next'
            },
            leftArrow: {
                cb: function () {
                    step(-1);
                },
                tt: 'Show the previous slice',
                gid: 'm_prev'
            },
            0: {
                cb: clear,
                tt: 'Show no slice',
                gid: 'm_xMark'
            },
            _keyOrder: ['leftArrow', 'rightArrow', '0']
        },

        hooks: {
            escape: function () {
                return clear();
            }
        }
    };

    window.P4sliceTopo = {select: select, step: step, clear: clear, selected: null};

    // the GUI loads the module of each view (ovP4slice, from p4slice.js, loaded first): the overlay
    // registers with it
    if (window.angular) {
        window.angular.module('ovP4slice')
            .run(['$log', 'TopoOverlayService', 'WebSocketService', 'FlashService',
                function (_$log_, tov, _wss_, _flash_) {
                    $log = _$log_;
                    wss = _wss_;
                    flash = _flash_;
                    tov.register(overlay);
                }]);
    }
}(window));

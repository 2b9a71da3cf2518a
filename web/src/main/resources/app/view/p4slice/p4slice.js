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
 * ONOS GUI view "Slices" (view id p4slice): the GUI loads module ovP4slice and routes the view to
 * controller OvP4sliceCtrl with the partial p4slice.html, which frames the p4slice slices page
 * served by the web bundle at /onos/p4slice/ui/ (it polls the REST API itself).
 */
(function () {
    'use strict';

    angular.module('ovP4slice', [])
        .controller('OvP4sliceCtrl', ['$log', '$scope',
            function ($log, $scope) {
                $log.log('OvP4sliceCtrl has been created');
                $scope.$on('$destroy', function () {
                    $log.log('OvP4sliceCtrl has been destroyed');
                });
            }]);
}());

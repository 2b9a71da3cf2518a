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
package org.p4slice.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Formats bit rates for people: {@code 25 Mb/s}, {@code 1.5 Gb/s}, {@code 949.999 Mb/s}. Values
 * are truncated (never rounded up) to three decimals, so a capacity left is never overstated.
 */
final class Rates {

    private static final String[] UNITS = {"b/s", "kb/s", "Mb/s", "Gb/s", "Tb/s"};

    private Rates() {
    }

    /**
     * Formats a rate.
     *
     * @param bps bits per second
     * @return text
     */
    static String format(long bps) {
        BigDecimal v = BigDecimal.valueOf(bps);
        int unit = 0;
        while (unit < UNITS.length - 1 && v.abs().compareTo(BigDecimal.valueOf(1000)) >= 0) {
            v = v.movePointLeft(3);
            unit++;
        }
        BigDecimal shown = v.setScale(3, RoundingMode.DOWN).stripTrailingZeros();
        return shown.toPlainString() + " " + UNITS[unit];
    }

    /**
     * Formats a fraction as a percentage, e.g. {@code 5%} or {@code 2.5%}.
     *
     * @param fraction fraction
     * @return text
     */
    static String percent(double fraction) {
        return BigDecimal.valueOf(fraction).movePointRight(2).setScale(3, RoundingMode.HALF_EVEN)
                .stripTrailingZeros().toPlainString() + "%";
    }
}

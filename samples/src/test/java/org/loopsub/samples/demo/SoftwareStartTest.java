package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 21, item 4: on a software renderer the demo starts at {@link SoftwareStart#SOFTWARE_SCREEN_PX}
 * unless the user gave {@code --screen-px}; on a GPU it keeps the command line's bound.
 */
class SoftwareStartTest {
    @ParameterizedTest
    @ValueSource(strings = {"llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Google SwiftShader",
        "Microsoft Basic Render Driver (Software)"})
    void softwareRendererStartsCoarserWhenNotAsked(String renderer) {
        SoftwareStart s = SoftwareStart.choose(renderer, 1, false);
        assertEquals(SoftwareStart.SOFTWARE_SCREEN_PX, s.screenPx());
        assertTrue(s.note().startsWith("software GL: 8 px"), s.note());
        assertTrue(s.note().contains("--screen-px"), "says how to override: " + s.note());
    }

    @ParameterizedTest
    @ValueSource(strings = {"llvmpipe (LLVM 15.0.6, 256 bits)", "NVIDIA H100 80GB HBM3/PCIe/SSE2"})
    void aGivenBoundIsKeptOnAnyRenderer(String renderer) {
        SoftwareStart s = SoftwareStart.choose(renderer, 1, true);
        assertEquals(1, s.screenPx());
        assertNull(s.note());
        assertEquals(0.5f, SoftwareStart.choose(renderer, 0.5f, true).screenPx());
    }

    @ParameterizedTest
    @ValueSource(strings = {"NVIDIA H100 80GB HBM3/PCIe/SSE2", "AMD Radeon RX 7900 XTX (radeonsi, navi31, LLVM 15.0.7)",
        "Mesa Intel(R) UHD Graphics 620 (KBL GT2)"})
    void hardwareKeepsTheDefault(String renderer) {
        SoftwareStart s = SoftwareStart.choose(renderer, 1, false);
        assertEquals(1, s.screenPx());
        assertNull(s.note());
    }

    @ParameterizedTest
    @ValueSource(floats = {8, 16})
    void aDefaultAlreadyCoarseEnoughIsKept(float px) {
        SoftwareStart s = SoftwareStart.choose("llvmpipe", px, false);
        assertEquals(px, s.screenPx());
        assertNull(s.note());
    }
}

package org.loopsub.gl;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL43C.glBindBuffer;

import org.junit.jupiter.api.Test;

/** A frame's deferred checks lose no GL error: it is reported once, at the end, naming the frame. */
class GlChecksTest extends GlTestBase {

    @Test
    void aDeferredErrorIsReportedAtTheEnd() {
        GlChecks.deferOnThisThread();
        try {
            glBindBuffer(0x1234, 0); // GL_INVALID_ENUM: no such target
            assertDoesNotThrow(() -> GlChecks.check("a pass"), "deferred");
            GlException e = assertThrows(GlException.class, () -> GlChecks.checkDeferred("a frame's passes"));
            assertTrue(e.getMessage().contains("GL_INVALID_ENUM") && e.getMessage().contains("a frame's passes"),
                    e.getMessage());
        } finally {
            GlChecks.endDeferral();
        }
        // checks are immediate again
        glBindBuffer(0x1234, 0);
        GlException e = assertThrows(GlException.class, () -> GlChecks.check("a pass"));
        assertTrue(e.getMessage().contains("a pass"), e.getMessage());
    }

    @Test
    void withoutAnErrorTheFrameChecksClean() {
        GlChecks.deferOnThisThread();
        assertDoesNotThrow(() -> GlChecks.checkDeferred("a frame's passes"));
        assertDoesNotThrow(() -> GlChecks.check("after"));
    }
}

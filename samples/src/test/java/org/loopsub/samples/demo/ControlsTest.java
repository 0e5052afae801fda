package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.*;

import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/** The key map and the mouse: what each key changes, the limits of the steps, drags and the wheel. */
class ControlsTest {
    private final OrbitCamera camera = new OrbitCamera(new Vector3f(), 1);
    private final Controls c = new Controls(camera, 1, 8, org.loopsub.api.Culling.ALL);

    private void press(int key) {
        c.key(key, GLFW_PRESS, 0);
    }

    @Test
    void togglesFlipOnPressOnly() {
        press(GLFW_KEY_W);
        press(GLFW_KEY_L);
        press(GLFW_KEY_U);
        press(GLFW_KEY_A);
        press(GLFW_KEY_H);
        assertTrue(c.wireframe() && c.levelColours() && c.uniform() && c.animating() && c.help());
        c.key(GLFW_KEY_W, GLFW_RELEASE, 0);
        c.key(GLFW_KEY_W, GLFW_REPEAT, 0);
        assertTrue(c.wireframe(), "release and auto-repeat do not toggle");
        press(GLFW_KEY_W);
        assertFalse(c.wireframe());
        assertFalse(c.quit());
        press(GLFW_KEY_ESCAPE);
        assertTrue(c.quit());
    }

    /** B toggles displacement only where the demo has a height map, which starts it on. */
    @Test
    void displacementTogglesOnlyWithAMap() {
        press(GLFW_KEY_B);
        assertFalse(c.displaced(), "no --displace: nothing to displace by");
        c.displaceable(true);
        assertTrue(c.displaced(), "with a map, frames start displaced");
        press(GLFW_KEY_B);
        assertFalse(c.displaced());
        press(GLFW_KEY_B);
        assertTrue(c.displaced());
    }

    @Test
    void freezeIsReportedOnce() {
        press(GLFW_KEY_F);
        assertTrue(c.frozen());
        assertTrue(c.takeFrozenChange());
        assertFalse(c.takeFrozenChange());
    }

    @Test
    void screenshotsAreCounted() {
        press(GLFW_KEY_S);
        press(GLFW_KEY_S);
        assertEquals(2, c.takeScreenshots());
        assertEquals(0, c.takeScreenshots());
    }

    @Test
    void screenPxDoublesAndHalvesWithinItsRange() {
        press(GLFW_KEY_EQUAL);
        assertEquals(2, c.screenPx());
        press(GLFW_KEY_RIGHT_BRACKET);
        c.key(GLFW_KEY_KP_ADD, GLFW_REPEAT, 0);
        assertEquals(8, c.screenPx(), "steps repeat while held");
        for (int i = 0; i < 20; i++) {
            press(GLFW_KEY_MINUS);
        }
        assertEquals(DemoOptions.MIN_SCREEN_PX, c.screenPx());
        for (int i = 0; i < 20; i++) {
            press(GLFW_KEY_KP_ADD);
        }
        assertEquals(DemoOptions.MAX_SCREEN_PX, c.screenPx());
    }

    @Test
    void depthStepsWithinZeroToSixteen() {
        press(GLFW_KEY_PAGE_UP);
        press(GLFW_KEY_D);
        assertEquals(10, c.depth());
        c.key(GLFW_KEY_D, GLFW_PRESS, GLFW_MOD_SHIFT);
        press(GLFW_KEY_PAGE_DOWN);
        assertEquals(8, c.depth());
        for (int i = 0; i < 20; i++) {
            press(GLFW_KEY_PAGE_DOWN);
        }
        assertEquals(0, c.depth());
        for (int i = 0; i < 20; i++) {
            press(GLFW_KEY_PAGE_UP);
        }
        assertEquals(16, c.depth());
    }

    @Test
    void uniformLevelsStayWithinTheBudget() {
        // 2900 triangles (bigguy): 4^9 * 2900 would pass 8 M
        assertEquals(8, c.uniformLevels(20));
        assertEquals(5, c.uniformLevels(2900), "2900 * 4^5 = 2.97 M; one more level is 11.9 M");
        assertEquals(0, c.uniformLevels(Controls.UNIFORM_TRIANGLE_BUDGET));
    }

    @Test
    void leftDragOrbitsRightDragPansWheelZooms() {
        c.viewport(1, 480);
        Vector3f eye0 = camera.eye(new Vector3f());
        c.cursor(100, 100);
        c.mouseButton(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS);
        c.cursor(150, 100);
        c.mouseButton(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE);
        Vector3f eye1 = camera.eye(new Vector3f());
        assertNotEquals(eye0, eye1, "orbited");
        assertEquals(new Vector3f(), camera.target(), "orbiting keeps the target");

        c.mouseButton(GLFW_MOUSE_BUTTON_RIGHT, GLFW_PRESS);
        c.cursor(150, 140);
        c.mouseButton(GLFW_MOUSE_BUTTON_RIGHT, GLFW_RELEASE);
        assertNotEquals(new Vector3f(), camera.target(), "panned");

        double d = camera.distance();
        c.scroll(1);
        assertTrue(camera.distance() < d, "wheel up zooms in");
        Vector3f eye2 = camera.eye(new Vector3f());
        c.cursor(300, 300);
        assertEquals(eye2, camera.eye(new Vector3f()), "moving without a button does nothing");
    }
}

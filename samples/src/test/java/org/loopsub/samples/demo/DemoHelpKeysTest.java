package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.loopsub.samples.cli.LoopsubCommand;
import picocli.CommandLine;

/**
 * Issue 21: {@code loopsub demo --help} names every key and mouse input the demo handles, as the
 * help overlay lists them ({@link Controls#HELP}); M and T were missing.
 */
class DemoHelpKeysTest {
    /** The inputs of one overlay line: its first column, and any "(also X / Y)" it gives. */
    private static final Pattern ALSO = Pattern.compile("\\(also (.+)\\)");

    static List<String> inputs(String helpLine) {
        List<String> inputs = new ArrayList<>();
        String[] columns = helpLine.split("\\s{2,}", 2);
        inputs.addAll(List.of(columns[0].split(" / ")));
        Matcher m = ALSO.matcher(columns[1]);
        if (m.find()) {
            inputs.addAll(List.of(m.group(1).split(" / ")));
        }
        return inputs;
    }

    private static String demoHelp() {
        StringWriter out = new StringWriter();
        CommandLine cmd = new CommandLine(new LoopsubCommand());
        cmd.setOut(new PrintWriter(out, true));
        assertEquals(0, cmd.execute("demo", "--help"));
        return out.toString().replaceAll("\\s+", " ");
    }

    @Test
    void everyInputOfTheOverlayIsInTheHelp() {
        String help = demoHelp();
        int from = help.indexOf("Mouse: ");
        int to = help.indexOf("Esc quit.");
        assertTrue(from >= 0 && to > from, () -> "the keys paragraph: " + help);
        String keys = help.substring(from, to + "Esc quit.".length());
        List<String> missing = new ArrayList<>();
        for (String line : Controls.HELP) {
            for (String input : inputs(line)) {
                // a key stands alone: "M" must not be found inside "HUD", nor "-" inside "Shift-D"
                Pattern word = Pattern.compile("(?<![\\w-])" + Pattern.quote(input) + "(?![\\w-])",
                        Pattern.CASE_INSENSITIVE);
                if (!word.matcher(keys).find()) {
                    missing.add(input);
                }
            }
        }
        assertTrue(missing.isEmpty(), () -> "not in demo --help: " + missing + "\n" + keys);
    }

    @Test
    void theInputsAreReadFromTheOverlayLines() {
        assertEquals(List.of("+", "-", "]", "["), inputs("+ / -          screen px up / down (also ] / [)"));
        assertEquals(List.of("M"), inputs("M              limit surface / control points"));
        assertTrue(Controls.HELP.stream().anyMatch(l -> inputs(l).contains("T")), "T is a key of the overlay");
    }
}

package io.github.idlekit.benchmarks;

import io.github.idlekit.internal.Durations;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws comparison results as an SVG: a panel per workload, wake-up latency on a log axis (a dot at p50, a line
 * to p99) against the consumer's CPU share, one colour per strategy, idlekit's as squares. Down and to the left is
 * better.
 */
final class SvgChart
{
    private static final String[] COLOURS = {
        "#1f77b4", "#2ca02c", "#17becf", "#d62728", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
        "#bcbd22", "#000000", "#aec7e8" };
    private static final String[] DECADE_LABELS = { "100 ns", "1 µs", "10 µs", "100 µs", "1 ms", "10 ms", "100 ms" };
    private static final int PANEL_WIDTH = 360;
    private static final int PANEL_HEIGHT = 240;
    private static final int MARGIN_LEFT = 50;
    private static final int MARGIN_BOTTOM = 36;
    private static final int MARGIN_TOP = 24;
    private static final int COLUMNS = 3;
    private static final double MIN_LOG_NS = 2;
    private static final double MAX_LOG_NS = 8;

    private final String subtitle;
    private final Yardstick yardstick;

    /**
     * @param subtitle  the run's context, {@code ; }-separated into lines.
     * @param yardstick what the cost ratios are; its baseline, the strategy the others are compared with, is ringed
     *                  in every panel, its cost ratio 1.
     */
    SvgChart(final String subtitle, final Yardstick yardstick)
    {
        this.subtitle = subtitle + "; cost at " + yardstick.label() + ": CPU per event + λ × mean latency, over " +
            yardstick.baseline() + "'s";
        this.yardstick = yardstick;
    }

    String render(final List<CellResult> results)
    {
        final Map<String, List<CellResult>> byWorkload = new LinkedHashMap<>();
        final List<String> strategies = new ArrayList<>();
        for (final CellResult result : results)
        {
            byWorkload.computeIfAbsent(result.workload(), k -> new ArrayList<>()).add(result);
            if (!strategies.contains(result.strategy()))
            {
                strategies.add(result.strategy());
            }
        }
        final String[] subtitleLines = subtitle.split("; ");
        final int headerHeight = 24 + 14 * subtitleLines.length;
        final int legendHeight = headerHeight + 20 * ((strategies.size() + 3) / 4) + 16;
        final int rows = (byWorkload.size() + COLUMNS - 1) / COLUMNS;
        final int width = COLUMNS * PANEL_WIDTH + 20;
        final int height = legendHeight + rows * PANEL_HEIGHT + 10;
        final StringBuilder svg = new StringBuilder(64 * 1024);
        svg.append(String.format(Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" " +
            "font-size=\"11\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n", width, height));
        svg.append("<text x=\"10\" y=\"18\" font-size=\"14\" font-weight=\"bold\">Wake-up latency (dot p50, line to " +
            "p99) vs consumer CPU, down-left is better</text>\n");
        for (int line = 0; line < subtitleLines.length; line++)
        {
            svg.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\" fill=\"#555\">%s</text>%n",
                34 + 14 * line, escape(subtitleLines[line])));
        }
        for (int i = 0; i < strategies.size(); i++)
        {
            final int x = 10 + (i % 4) * 280;
            final int y = headerHeight + 12 + (i / 4) * 20;
            svg.append(marker(strategies.get(i), x + 5, y, colour(i), ""))
                .append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", x + 14, y + 4,
                escape(strategies.get(i)) +
                (strategies.get(i).equals(yardstick.baseline()) ? " (baseline, ringed)" : "")));
        }
        int panel = 0;
        for (final Map.Entry<String, List<CellResult>> entry : byWorkload.entrySet())
        {
            final int x0 = 10 + (panel % COLUMNS) * PANEL_WIDTH;
            final int y0 = legendHeight + (panel / COLUMNS) * PANEL_HEIGHT;
            drawPanel(svg, entry.getKey(), entry.getValue(), strategies, x0, y0);
            panel++;
        }
        return svg.append("</svg>\n").toString();
    }

    private void drawPanel(
        final StringBuilder svg,
        final String workload,
        final List<CellResult> results,
        final List<String> strategies,
        final int x0,
        final int y0)
    {
        final int plotX = x0 + MARGIN_LEFT;
        final int plotY = y0 + MARGIN_TOP;
        final int plotWidth = PANEL_WIDTH - MARGIN_LEFT - 15;
        final int plotHeight = PANEL_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
        svg.append(String.format(Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">%s</text>%n" +
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#999\"/>%n",
            plotX, y0 + 14, escape(workload), plotX, plotY, plotWidth, plotHeight));
        for (int decade = (int)MIN_LOG_NS; decade <= MAX_LOG_NS; decade++)
        {
            final double x = plotX + (decade - MIN_LOG_NS) / (MAX_LOG_NS - MIN_LOG_NS) * plotWidth;
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>" +
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%s</text>%n",
                x, plotY, x, plotY + plotHeight, x, plotY + plotHeight + 13,
                DECADE_LABELS[decade - (int)MIN_LOG_NS]));
        }
        for (int percent = 0; percent <= 100; percent += 25)
        {
            final double y = plotY + plotHeight - percent / 100.0 * plotHeight;
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>" +
                "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#555\">%d%%</text>%n",
                plotX, y, plotX + plotWidth, y, plotX - 4, y + 4, percent));
        }
        svg.append(String.format(Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">wake-up latency</text>%n",
            plotX + plotWidth / 2, plotY + plotHeight + 28));
        final double[] ratios = yardstick.ratios(results);
        for (int i = 0; i < ratios.length; i++)
        {
            final CellResult result = results.get(i);
            final String colour = colour(strategies.indexOf(result.strategy()));
            final double y = plotY + plotHeight - Math.min(1.0, result.cpuShare()) * plotHeight;
            final double x50 = logX(result.p50Ns(), plotX, plotWidth);
            final double x99 = logX(result.p99Ns(), plotX, plotWidth);
            final String title = String.format(Locale.ROOT, "%s: p50 %s, p99 %s, CPU %.1f%%, cost ÷ baseline %.2f",
                result.strategy(), Durations.toHuman(result.p50Ns()), Durations.toHuman(result.p99Ns()),
                100 * result.cpuShare(), ratios[i]);
            svg.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\" " +
                "opacity=\"0.6\"/>", x50, y, x99, y, colour))
                .append(marker(result.strategy(), x50, y, colour, title));
            if (result.strategy().equals(yardstick.baseline()))
            {
                svg.append(String.format(Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"9\" fill=\"none\" stroke=\"black\"/>%n", x50, y));
            }
        }
    }

    /**
     * idlekit strategies are squares, all others circles, so the two families stand apart at a glance.
     */
    private static String marker(
        final String strategy, final double x, final double y, final String colour, final String title)
    {
        final String tooltip = title.isEmpty() ? "" : "<title>" + escape(title) + "</title>";
        return strategy.startsWith("idlekit") ?
            String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\">%s</rect>%n",
                x - 5, y - 5, colour, tooltip) :
            String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\">%s</circle>%n",
                x, y, colour, tooltip);
    }

    private static double logX(final long nanos, final int plotX, final int plotWidth)
    {
        final double log = Math.log10(Math.max(1, nanos));
        final double clamped = Math.max(MIN_LOG_NS, Math.min(MAX_LOG_NS, log));
        return plotX + (clamped - MIN_LOG_NS) / (MAX_LOG_NS - MIN_LOG_NS) * plotWidth;
    }

    private static String colour(final int index)
    {
        return COLOURS[index % COLOURS.length];
    }

    private static String escape(final String text)
    {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}

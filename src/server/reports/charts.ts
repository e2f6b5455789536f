/**
 * The report's small charts, drawn without a browser: ECharts renders SVG on the server (`ssr: true`,
 * the SVG renderer), resvg turns it into a PNG for the e-mail (inline, `cid:`) and the PDF. The text is
 * drawn with the machine's fonts (DejaVu or Liberation where installed; labels are left out without one).
 * Both libraries load on the first chart, not with the module: ECharts alone costs ~0.4 s of CPU to load, which
 * every server and worker start would pay for a report few of them draw (docs/performance.md, "Test suite timings").
 */
import type { EChartsOption } from "echarts";

let libraries: Promise<[typeof import("echarts"), typeof import("@resvg/resvg-js")]> | undefined;
const loadLibraries = () => (libraries ??= Promise.all([import("echarts"), import("@resvg/resvg-js")]));

export interface ChartPng {
  png: Buffer;
  width: number;
  height: number;
}

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
/** Drawn at twice the size shown, so they stay sharp on high-density screens and in print. */
const SCALE = 2;

async function render(option: EChartsOption, width: number, height: number): Promise<ChartPng> {
  const [echarts, { Resvg }] = await loadLibraries();
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: FONT, color: "#374151" }, ...option });
    const svg = chart.renderToSVGString();
    const png = new Resvg(svg, { fitTo: { mode: "zoom", value: SCALE }, background: "#ffffff", font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" } }).render().asPng();
    return { png, width, height };
  } finally {
    chart.dispose();
  }
}

function bars(labels: string[], values: number[], color: string, opts: { width: number; height: number; title: string; labelEvery?: number }): Promise<ChartPng> {
  return render(
    {
      title: { text: opts.title, left: 0, top: 0, textStyle: { fontSize: 13, fontWeight: "bold", fontFamily: FONT, color: "#111827" } },
      grid: { left: 36, right: 8, top: 32, bottom: 24 },
      xAxis: { type: "category", data: labels, axisTick: { show: false }, axisLabel: { fontSize: 10, interval: (opts.labelEvery ?? 1) - 1 } },
      yAxis: { type: "value", minInterval: 1, splitLine: { lineStyle: { color: "#e5e7eb" } }, axisLabel: { fontSize: 10 } },
      series: [{ type: "bar", data: values, itemStyle: { color, borderRadius: [2, 2, 0, 0] }, barMaxWidth: 18 }],
    },
    opts.width,
    opts.height,
  );
}

/** A hex colour for the charts: the brand's, or the platform's indigo when it is a gradient or a name. */
export const chartColor = (accent: string) => (/^#[0-9a-f]{6}$/i.test(accent) ? accent : "#4f46e5");

export function conversationsChart(perDay: Record<string, number>, accent: string): Promise<ChartPng> {
  const days = Object.keys(perDay).sort();
  return bars(
    days.map((d) => String(Number(d.slice(8, 10)))),
    days.map((d) => perDay[d]!),
    chartColor(accent),
    { width: 560, height: 200, title: "Conversations per day", labelEvery: days.length > 10 ? 3 : 1 },
  );
}

export function hoursChart(hours: { hour: number; conversations: number }[], accent: string): Promise<ChartPng> {
  return bars(
    hours.map((h) => String(h.hour)),
    hours.map((h) => h.conversations),
    chartColor(accent),
    { width: 270, height: 180, title: "By hour (UTC)", labelEvery: 3 },
  );
}

export function weekdaysChart(days: { weekday: string; conversations: number }[], accent: string): Promise<ChartPng> {
  return bars(
    days.map((d) => d.weekday.slice(0, 3)),
    days.map((d) => d.conversations),
    chartColor(accent),
    { width: 270, height: 180, title: "By weekday" },
  );
}

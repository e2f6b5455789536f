/**
 * The report as a PDF (pdfkit, its built-in Helvetica: no font files to ship), in the agency's name and
 * colour, never the platform's: the figures in words (report-words.ts), the charts as PNG (charts.ts), the
 * unanswered questions with their "Answer this" links.
 */
import type { ClientReportJson } from "@/server/reports/serializer";
import { chartColor, conversationsChart, hoursChart, weekdaysChart } from "@/server/reports/charts";
import { busiestDay, busiestHour, channelName, count, headlines, percent } from "@/server/reports/report-words";

const MARGIN = 48;
const GRAY = "#4b5563";
const INK = "#111827";

export async function renderReportPdf(r: ClientReportJson): Promise<Buffer> {
  const previousLabel = r.previous_period_label;
  const accent = chartColor(r.agency.accent_color);
  // pdfkit loads with the first report, not with the module (as the charts' libraries do: charts.ts).
  const [{ default: PDFDocument }, perDay, hours, days] = await Promise.all([
    import("pdfkit"),
    conversationsChart(r.figures.conversations_per_day, accent),
    hoursChart(r.figures.busiest_hours, accent),
    weekdaysChart(r.figures.busiest_days, accent),
  ]);
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: `${r.client.name} — ${r.period_label}`, Author: r.agency.name, Creator: r.agency.name, Producer: r.agency.name } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.rect(0, 0, doc.page.width, 8).fill(accent);
  doc.fillColor(accent).font("Helvetica-Bold").fontSize(12).text(r.agency.name, MARGIN, 28);
  doc.moveDown(0.6).fillColor(INK).fontSize(20).text(`${r.client.name}: what your assistant did`);
  doc.font("Helvetica").fontSize(11).fillColor(GRAY).text(`${r.period_label} · ${r.from} to ${r.to}${r.complete ? "" : " (so far)"}`);
  doc.moveDown(1);

  // The headline figures, two to a row.
  const items = headlines(r, previousLabel);
  const colWidth = (width - 16) / 2;
  for (let i = 0; i < items.length; i += 2) {
    const top = doc.y;
    let bottom = top;
    for (const [j, item] of items.slice(i, i + 2).entries()) {
      const x = MARGIN + j * (colWidth + 16);
      doc.font("Helvetica").fontSize(9).fillColor(GRAY).text(item.label.toUpperCase(), x, top, { width: colWidth });
      doc.font("Helvetica-Bold").fontSize(16).fillColor(INK).text(item.value, x, doc.y + 2, { width: colWidth });
      if (item.change) doc.font("Helvetica").fontSize(9).fillColor(GRAY).text(item.change, x, doc.y + 1, { width: colWidth });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 10;
  }

  doc.image(perDay.png, MARGIN, doc.y, { width, height: (perDay.height * width) / perDay.width });
  doc.y += (perDay.height * width) / perDay.width + 6;
  const half = (width - 16) / 2;
  const chartTop = doc.y;
  doc.image(hours.png, MARGIN, chartTop, { width: half });
  doc.image(days.png, MARGIN + half + 16, chartTop, { width: half });
  doc.y = chartTop + (hours.height * half) / hours.width + 8;

  const facts = [
    busiestDay(r) ? `Busiest day: ${busiestDay(r)}.` : null,
    busiestHour(r) ? `Busiest hour: ${busiestHour(r)}.` : null,
    r.figures.channels.length ? `Where conversations started: ${r.figures.channels.map((c) => `${channelName(c.channel)} ${count(c.conversations)}`).join(", ")}.` : null,
    `Feedback on answers: ${count(r.figures.positive_feedback)} helpful, ${count(r.figures.negative_feedback)} not helpful.`,
  ].filter(Boolean);
  doc.x = MARGIN;
  doc.font("Helvetica").fontSize(10).fillColor(INK).text(facts.join(" "), { width });
  if (r.figures.chatbots.length > 1) {
    doc.moveDown(0.6).font("Helvetica-Bold").fontSize(11).text("By assistant");
    for (const c of r.figures.chatbots) {
      doc.font("Helvetica").fontSize(10).text(`${c.name}: ${count(c.conversations)} conversations, ${percent(c.answered_rate)} of questions answered, ${count(c.leads)} leads`, { width });
    }
  }

  doc.addPage();
  doc.rect(0, 0, doc.page.width, 8).fill(accent);
  doc.x = MARGIN;
  doc.y = 32;
  doc.font("Helvetica-Bold").fontSize(15).fillColor(INK).text("Questions your assistant could not answer");
  doc.font("Helvetica").fontSize(10).fillColor(GRAY).text(
    r.unanswered.questions
      ? `${count(r.unanswered.questions)} question${r.unanswered.questions === 1 ? "" : "s"} got no answer from your content or went to a person. Grouped by what they ask; answer a group once and your assistant answers it from then on.`
      : "Every question this period was answered from your content.",
    { width },
  );
  doc.moveDown(0.8);
  for (const c of r.unanswered.clusters) {
    doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(`${c.label} — asked ${count(c.count)} time${c.count === 1 ? "" : "s"}${c.status === "resolved" ? " (answered now)" : ""}`, { width });
    doc.font("Helvetica").fontSize(10).fillColor(GRAY).text(`“${c.question}”${c.examples.length ? ` Also: ${c.examples.map((e) => `“${e}”`).join(", ")}` : ""}`, { width });
    if (c.answer_url) doc.fillColor(accent).text("Answer this", { link: c.answer_url, underline: true });
    doc.moveDown(0.6);
  }
  if (r.unanswered.resolved_since_previous.length) {
    doc.moveDown(0.4).font("Helvetica-Bold").fontSize(12).fillColor(INK).text(`Fixed since ${previousLabel}`);
    for (const c of r.unanswered.resolved_since_previous) doc.font("Helvetica").fontSize(10).fillColor(GRAY).text(`${c.label}: “${c.question}” is answered now.`, { width });
  }
  doc.moveDown(1.2).font("Helvetica").fontSize(9).fillColor(GRAY).text(`Prepared by ${r.agency.name}${r.agency.support_email ? ` · ${r.agency.support_email}` : ""}`, { width });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

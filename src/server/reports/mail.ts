/**
 * The report's e-mail (docs/decisions/113-the-value-report.md): in the agency's brand — From its name (and
 * its own domain once it lets the platform sign for it, record 068), its logo and colour, its support
 * address as Reply-To — never the platform's; the headline figures, two small charts as inline images
 * (`cid:`), the open unanswered questions with their "Answer this" links, and the PDF attached.
 */
import type { Brand } from "@/server/branding";
import type { MailMessage } from "@/server/kernel/mail/mailer";
import { brandedSender, escapeHtml as h } from "@/server/kernel/mail/templates";
import type { ClientReportJson } from "@/server/reports/serializer";
import { chartColor, conversationsChart, hoursChart } from "@/server/reports/charts";
import { busiestDay, busiestHour, count, headlines, pdfFilename } from "@/server/reports/report-words";

export function reportSubject(r: ClientReportJson): string {
  return `${r.client.name}: your ${r.period_label} report from ${r.agency.name}`;
}

export async function reportMail(brand: Brand, r: ClientReportJson, pdf: Buffer, opts: { to: string; messageId: string; homeUrl: string }): Promise<MailMessage> {
  const previousLabel = r.previous_period_label;
  const accent = chartColor(r.agency.accent_color);
  const items = headlines(r, previousLabel);
  const open = r.unanswered.clusters.filter((c) => c.status === "open");
  const [perDay, hours] = await Promise.all([conversationsChart(r.figures.conversations_per_day, accent), hoursChart(r.figures.busiest_hours, accent)]);
  const intro = `Here is what your assistant did in ${r.period_label}${r.complete ? "" : " so far"}.`;
  const peaks = [busiestDay(r) ? `Busiest day: ${busiestDay(r)}.` : "", busiestHour(r) ? `Busiest hour: ${busiestHour(r)}.` : ""].filter(Boolean).join(" ");
  const footer = brand.supportEmail ? `Questions? Reply to this e-mail or write to ${brand.supportEmail}.` : "";

  const text = [
    `${r.agency.name} — ${r.client.name}`,
    intro,
    ...items.map((i) => `${i.label}: ${i.value}${i.change ? ` (${i.change})` : ""}`),
    peaks,
    open.length ? "Questions your assistant could not answer:" : "Every question was answered from your content.",
    ...open.map((c) => `- ${c.label} (${count(c.count)}×): "${c.question}"\n  Answer this: ${c.answer_url}`),
    `The full report is attached as a PDF. Your workspace: ${opts.homeUrl}`,
    footer,
    `— ${r.agency.name}`,
  ]
    .filter(Boolean)
    .join("\n\n");

  const cell = (i: (typeof items)[number]) =>
    `<td style="padding:8px 12px;vertical-align:top;width:50%"><div style="font-size:11px;color:#4b5563;text-transform:uppercase;letter-spacing:.04em">${h(i.label)}</div><div style="font-size:22px;font-weight:bold;color:#111827">${h(i.value)}</div>${i.change ? `<div style="font-size:12px;color:#4b5563">${h(i.change)}</div>` : ""}</td>`;
  const rows: string[] = [];
  for (let i = 0; i < items.length; i += 2) rows.push(`<tr>${items.slice(i, i + 2).map(cell).join("")}</tr>`);
  const logo = r.agency.logo_url ? `<img src="${h(r.agency.logo_url)}" alt="${h(r.agency.name)}" height="32" style="display:block;height:32px;margin-bottom:8px">` : "";
  const clusters = open.length
    ? `<h2 style="font-size:16px;color:#111827;margin:24px 0 8px">Questions your assistant could not answer</h2>
       <ul style="padding-left:18px;margin:0">${open
         .map(
           (c) =>
             `<li style="margin-bottom:10px"><strong>${h(c.label)}</strong> — asked ${h(count(c.count))}×<br><span style="color:#4b5563">“${h(c.question)}”</span><br><a href="${h(c.answer_url ?? opts.homeUrl)}" style="color:${accent};font-weight:bold">Answer this</a></li>`,
         )
         .join("")}</ul>`
    : `<p>Every question was answered from your content.</p>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${h(reportSubject(r))}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-top:6px solid ${accent};border-radius:6px">
<tr><td style="padding:24px">
${logo}<div style="font-size:14px;font-weight:bold;color:${accent}">${h(r.agency.name)}</div>
<h1 style="font-size:22px;margin:8px 0 4px">${h(r.client.name)}: ${h(r.period_label)}</h1>
<p style="margin:0 0 16px;color:#4b5563">${h(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows.join("")}</table>
<img src="cid:conversations" alt="Conversations per day" width="560" style="display:block;width:100%;max-width:560px;height:auto;margin-top:16px">
<img src="cid:hours" alt="Conversations by hour of the day (UTC)" width="270" style="display:block;width:270px;max-width:100%;height:auto;margin-top:8px">
${peaks ? `<p style="color:#4b5563">${h(peaks)}</p>` : ""}
${clusters}
<p style="margin-top:24px">The full report is attached as a PDF. <a href="${h(opts.homeUrl)}" style="color:${accent}">Open your workspace</a></p>
${footer ? `<p style="color:#4b5563;font-size:12px">${h(footer)}</p>` : ""}
<p style="color:#4b5563;font-size:12px">— ${h(r.agency.name)}</p>
</td></tr></table></td></tr></table></body></html>`;

  return {
    to: opts.to,
    subject: reportSubject(r),
    text,
    html,
    from: brandedSender(brand),
    ...(brand.mailDomain ? { dkimDomain: brand.mailDomain } : {}),
    ...(brand.supportEmail ? { replyTo: brand.supportEmail } : {}),
    messageId: opts.messageId,
    attachments: [
      { filename: "conversations.png", content: perDay.png, contentType: "image/png", cid: "conversations" },
      { filename: "hours.png", content: hours.png, contentType: "image/png", cid: "hours" },
      { filename: pdfFilename(r), content: pdf, contentType: "application/pdf" },
    ],
  };
}

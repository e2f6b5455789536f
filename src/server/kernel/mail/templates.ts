import type { Brand } from "@/server/kernel/brand";
import type { MailMessage } from "@/server/kernel/mail/mailer";
import { defaultSender } from "@/server/kernel/mail/mailer";

/**
 * The product's e-mails, with the brand of whoever the recipient deals with
 * (an agency's, on its verified custom domain). Plain text first: it reads
 * everywhere; the HTML part is the same words with a link.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Numbers in e-mails with thousands separators (12,345): the reader's locale is unknown, so one fixed form. */
export const count = (n: number) => n.toLocaleString("en-US");

/**
 * The sender, with the brand's name as its display name: From the agency's own
 * domain when it lets the platform sign for it (Brand.mailDomain), else the
 * platform's address (docs/decisions/068-mail-from-the-agency-domain.md).
 */
export function brandedSender(brand: Brand): string {
  const sender = defaultSender();
  const address = brand.mailDomain ? `no-reply@${brand.mailDomain}` : (/<([^>]+)>/.exec(sender)?.[1] ?? sender);
  return `"${brand.name.replace(/["\\]/g, "")}" <${address}>`;
}

function message(brand: Brand, to: string, subject: string, paragraphs: string[], link: { label: string; url: string }): MailMessage {
  const footer = brand.supportEmail ? `Questions? Write to ${brand.supportEmail}.` : "";
  const text = [...paragraphs, `${link.label}: ${link.url}`, footer, `— ${brand.name}`].filter(Boolean).join("\n\n");
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}" style="color:${escapeHtml(brand.accentColor)}">${escapeHtml(link.label)}</a></p>`,
    footer ? `<p>${escapeHtml(footer)}</p>` : "",
    `<p>— ${escapeHtml(brand.name)}</p>`,
  ].join("\n");
  return {
    to,
    subject,
    text,
    html,
    from: brandedSender(brand),
    ...(brand.mailDomain ? { dkimDomain: brand.mailDomain } : {}),
    ...(brand.supportEmail ? { replyTo: brand.supportEmail } : {}),
  };
}

export function invitationMail(brand: Brand, input: { to: string; teamName: string; role: string; inviterName: string | null; acceptUrl: string; expiresAt: Date }): MailMessage {
  const who = input.inviterName ? `${input.inviterName} invited you` : "You are invited";
  return message(
    brand,
    input.to,
    `You're invited to ${input.teamName} on ${brand.name}`,
    [
      `${who} to join the ${input.teamName} workspace on ${brand.name} as ${input.role === "admin" ? "an" : "a"} ${input.role}.`,
      `The link works once and until ${input.expiresAt.toUTCString()}.`,
    ],
    { label: "Accept the invitation", url: input.acceptUrl },
  );
}

export function passwordResetMail(brand: Brand, input: { to: string; resetUrl: string; validMinutes: number }): MailMessage {
  return message(
    brand,
    input.to,
    `Reset your ${brand.name} password`,
    [
      "Someone (hopefully you) asked to reset the password of your account.",
      `The link works once, for ${input.validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays the same.`,
    ],
    { label: "Choose a new password", url: input.resetUrl },
  );
}

export function lowCreditMail(brand: Brand, input: { to: string; clientName: string; remaining: number; threshold: number; clientUrl: string }): MailMessage {
  return message(
    brand,
    input.to,
    `${input.clientName} is running low on credits`,
    [
      `${input.clientName} has ${count(input.remaining)} message credit${input.remaining === 1 ? "" : "s"} left, at or below the alert threshold of ${count(input.threshold)}.`,
      "Top up its credits or raise its message limit so its agents keep answering.",
    ],
    { label: "Open the client", url: input.clientUrl },
  );
}

/** A client workspace's admins told that its credits are low or gone (the words of its home page, docs/decisions/072-low-credit-mails-to-client-admins.md). */
export function clientCreditWarningMail(
  brand: Brand,
  input: { to: string; workspaceName: string; level: "low" | "out"; remaining: number; monthlyLimit: number; title: string; detail: string; todo: string[]; homeUrl: string },
): MailMessage {
  const left =
    input.level === "out"
      ? `${input.workspaceName} has no message credits left (monthly limit: ${count(input.monthlyLimit)}).`
      : `${input.workspaceName} has ${count(input.remaining)} message credit${input.remaining === 1 ? "" : "s"} left of its monthly ${count(input.monthlyLimit)}.`;
  return message(brand, input.to, `${input.workspaceName}: ${input.title}`, [left, input.detail, ...input.todo].filter(Boolean), { label: "See your credits", url: input.homeUrl });
}

/** A client workspace's admins asked to pay for the plan their agency subscribed them to (billing: the Checkout link). */
export function checkoutLinkMail(brand: Brand, input: { to: string; workspaceName: string; planName: string; price: string; checkoutUrl: string }): MailMessage {
  return message(
    brand,
    input.to,
    `${input.workspaceName}: complete your ${input.planName} subscription`,
    [
      `${brand.name} has set up the ${input.planName} plan (${input.price}) for ${input.workspaceName}.`,
      "Pay on the secure checkout page to start it: your agents then answer with the plan's monthly message allowance.",
    ],
    { label: "Pay and start the plan", url: input.checkoutUrl },
  );
}

/** A conversation waits past its reply SLA (docs/decisions/121-the-inbox-for-a-support-team.md): to its assignee, then to the workspace's admins. */
export function replySlaMail(
  brand: Brand,
  input: { to: string; chatbotName: string; waitedMinutes: number; slaMinutes: number; assigneeName: string | null; toAdmins: boolean; inboxUrl: string },
): MailMessage {
  const waited = `${input.waitedMinutes} minute${input.waitedMinutes === 1 ? "" : "s"}`;
  const who = input.toAdmins ? `It is assigned to ${input.assigneeName ?? "a team member"}, who was reminded ${input.slaMinutes} minutes ago.` : "It is assigned to you.";
  return message(
    brand,
    input.to,
    `A visitor has waited ${waited} on ${input.chatbotName}`,
    [`A visitor of ${input.chatbotName} has waited ${waited} for a person's answer (the reply target is ${input.slaMinutes} minutes).`, who],
    { label: "Open the conversation", url: input.inboxUrl },
  );
}

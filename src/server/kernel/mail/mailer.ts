import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/server/kernel/env";
import { dkimSigning } from "@/server/kernel/mail/dkim";

/**
 * Outbound e-mail through SMTP (`SMTP_URL`). Without it the product still runs:
 * a message is reported as not sent, and callers record that. Never throws.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Defaults to MAIL_FROM, else no-reply at the app's host. */
  from?: string;
  replyTo?: string;
  /** Sign with the platform's DKIM key for this domain (the From address's, when it is an agency's: kernel/mail/dkim). */
  dkimDomain?: string;
  /** Files: attached, or shown in the HTML part where it says `cid:<cid>` (inline images). */
  attachments?: MailAttachment[];
  /** A Message-ID of the sender's making (`<…@…>`), so a message sent again can be recognised as the same one. */
  messageId?: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
}

export type MailResult = { sent: true; messageId: string } | { sent: false; reason: string };

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

function transport(url: string): Transporter {
  if (!transporter || transporterUrl !== url) {
    transporter = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    transporterUrl = url;
  }
  return transporter;
}

export function defaultSender(): string {
  const { MAIL_FROM, APP_URL } = env();
  return MAIL_FROM ?? `Agency Chatbot Platform <no-reply@${new URL(APP_URL).hostname}>`;
}

/** Why nothing was sent when the installation has no outgoing mail server (the operator's `SMTP_URL` is empty). */
const MAIL_NOT_SET_UP = "E-mail is not set up on this installation";

/** Whether this installation sends e-mail at all: without it, a send that failed is not worth retrying. */
export const mailIsSetUp = (): boolean => Boolean(env().SMTP_URL);

export async function sendMail(message: MailMessage): Promise<MailResult> {
  const url = env().SMTP_URL;
  // Shown to agency owners (an invitation's "Not e-mailed: …"): plain words, no setting's name.
  if (!url) return { sent: false, reason: MAIL_NOT_SET_UP };
  try {
    const info = await transport(url).sendMail({
      from: message.from ?? defaultSender(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.dkimDomain ? { dkim: dkimSigning(message.dkimDomain) } : {}),
      ...(message.attachments ? { attachments: message.attachments } : {}),
      ...(message.messageId ? { messageId: message.messageId } : {}),
    });
    return { sent: true, messageId: String(info.messageId ?? "") };
  } catch (error) {
    return { sent: false, reason: `SMTP error: ${(error as Error).message}`.slice(0, 500) };
  }
}

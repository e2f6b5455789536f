import type { ReceivedMail } from "./smtp-server";

/** The raw message with quoted-printable soft breaks and escapes undone, enough to find links in it. */
export function mailText(mail: ReceivedMail): string {
  return mail.raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first URL in the mail that contains `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const url = mailText(mail).match(new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, "\\$&")}[^\\s"<>]*`))?.[0];
  if (!url) throw new Error(`no ${path} link in the e-mail:\n${mail.raw}`);
  return url;
}

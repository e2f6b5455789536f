import { decodedMailText, findLink, type ReceivedMail } from "./mail-collector";

/** The raw message with quoted-printable soft breaks and escapes undone, enough to find links in it. */
export function mailText(mail: ReceivedMail): string {
  return decodedMailText(mail.raw);
}

/** The first URL in the mail that contains `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const url = findLink(mailText(mail), path);
  if (!url) throw new Error(`no ${path} link in the e-mail:\n${mail.raw}`);
  return url;
}

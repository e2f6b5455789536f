import { createPrivateKey, createPublicKey } from "node:crypto";
import { env } from "@/server/kernel/env";

/**
 * The platform's DKIM key (MAIL_DKIM_PRIVATE_KEY, docs/decisions/068-mail-from-the-agency-domain.md):
 * an agency that publishes its public half under `MAIL_DKIM_SELECTOR._domainkey.<its domain>`
 * lets the platform sign e-mails From that domain, so they pass DMARC there.
 */
export interface DkimRecord {
  type: "TXT";
  name: string;
  value: string;
}

/** The public key as a DKIM record's `p=` value (base64 SubjectPublicKeyInfo), or null when no key is configured. */
export function dkimPublicKey(): string | null {
  const key = env().MAIL_DKIM_PRIVATE_KEY;
  if (!key) return null;
  return createPublicKey(createPrivateKey(key)).export({ type: "spki", format: "der" }).toString("base64");
}

/** The TXT record a domain publishes to let the platform sign its mail; null when signing is not configured. */
export function dkimRecord(domain: string): DkimRecord | null {
  const publicKey = dkimPublicKey();
  if (!publicKey) return null;
  return { type: "TXT", name: `${env().MAIL_DKIM_SELECTOR}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${publicKey}` };
}

/** Whether one of a DKIM name's TXT values (chunks joined) carries our public key. */
export function publishesDkimKey(values: string[]): boolean {
  const publicKey = dkimPublicKey();
  if (!publicKey) return false;
  return values.some((value) => {
    const tags = new Map(value.split(";").map((tag) => tag.trim().split("=")).map(([k, ...v]) => [k!.trim().toLowerCase(), v.join("=").replace(/\s+/g, "")]));
    return (tags.get("v") ?? "DKIM1") === "DKIM1" && tags.get("p") === publicKey;
  });
}

/** nodemailer's signing options for mail From `domain`. */
export function dkimSigning(domain: string) {
  const { MAIL_DKIM_PRIVATE_KEY, MAIL_DKIM_SELECTOR } = env();
  return MAIL_DKIM_PRIVATE_KEY ? { domainName: domain, keySelector: MAIL_DKIM_SELECTOR, privateKey: MAIL_DKIM_PRIVATE_KEY } : undefined;
}

import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { z } from "zod";
import { Prisma, type Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { AppError, validationError } from "@/server/kernel/errors";
import { dkimRecord, publishesDkimKey } from "@/server/kernel/mail/dkim";

/**
 * An agency's custom domain (docs/decisions/062-custom-domain-dns-verification.md):
 * it names a host, publishes a TXT record with the value we give it, and
 * verification looks the record up (through `DNS_SERVERS` when set). Only a
 * verified domain is used for links, e-mails and the portal's brand.
 */
export const VERIFY_LABEL = "_acp-verify";
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export const customDomainField = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/\.$/, ""))
  .refine((v) => v.length <= 253 && v.includes(".") && v.split(".").every((l) => LABEL.test(l)) && !isIP(v), {
    message: "Enter a host name such as portal.youragency.com (no https://, no path).",
  });

export function verificationRecord(agency: Pick<Team, "customDomain" | "customDomainToken">) {
  if (!agency.customDomain || !agency.customDomainToken) return null;
  return { type: "TXT" as const, name: `${VERIFY_LABEL}.${agency.customDomain}`, value: `acp-verify=${agency.customDomainToken}` };
}

/** Sets (or with null removes) the domain: a new domain gets a new token and is unverified until checked. */
export async function setCustomDomain(db: Db, agency: Team, domain: string | null): Promise<Team> {
  if (domain === null) return db.team.update({ where: { id: agency.id }, data: { customDomain: null, customDomainToken: null, customDomainVerifiedAt: null, mailSenderVerifiedAt: null } });
  if (domain === agency.customDomain) return agency;
  if (domain === new URL(env().APP_URL).hostname) throw validationError({ custom_domain: ["This is the platform's own address: use a domain of your agency."] });
  try {
    return await db.team.update({
      where: { id: agency.id },
      data: { customDomain: domain, customDomainToken: randomBytes(16).toString("hex"), customDomainVerifiedAt: null, mailSenderVerifiedAt: null },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw validationError({ custom_domain: ["Another agency uses this domain."] });
    }
    throw error;
  }
}

function resolver(): Resolver {
  const r = new Resolver({ timeout: 3000, tries: 2 });
  const servers = env().DNS_SERVERS;
  if (servers) r.setServers(servers);
  return r;
}

/** Looks the TXT record up (the DNS half of verification): throws, saying what was found, unless the TXT record holds our value. */
export async function checkCustomDomain(agency: Team): Promise<void> {
  const record = verificationRecord(agency);
  if (!record) throw new AppError("RULE_VIOLATION", "Set a custom domain first.");
  let found: string[] = [];
  try {
    found = await lookUpTxt(record.name);
  } catch (error) {
    throw new AppError("RULE_VIOLATION", `The DNS look-up of ${record.name} failed (${(error as NodeJS.ErrnoException).code ?? "error"}). Try again in a few minutes.`);
  }
  if (!found.includes(record.value)) {
    const seen = found.length ? `it has ${found.map((v) => `"${v.slice(0, 80)}"`).join(", ")}` : "no TXT record was found";
    throw new AppError("RULE_VIOLATION", `Not verified yet: ${record.name} should have the TXT value ${record.value}; ${seen}. DNS changes can take a while to appear.`);
  }
}

/** A name's TXT values (each one's chunks joined); none when the name or the record does not exist. */
async function lookUpTxt(name: string): Promise<string[]> {
  try {
    return (await resolver().resolveTxt(name)).map((chunks) => chunks.join(""));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTFOUND" || code === "ENODATA") return [];
    throw error;
  }
}

/** The DKIM record that lets e-mails go From the custom domain (null: no domain, or signing not configured). */
export function mailSenderRecord(agency: Pick<Team, "customDomain">) {
  return agency.customDomain ? dkimRecord(agency.customDomain) : null;
}

/** Looks the DKIM record up: throws, saying what was found, unless it carries the platform's public key. */
export async function checkMailSender(agency: Team): Promise<void> {
  if (!agency.customDomainVerifiedAt) throw new AppError("RULE_VIOLATION", "Verify the custom domain first.");
  const record = mailSenderRecord(agency);
  if (!record) throw new AppError("RULE_VIOLATION", "Sending from your domain is not available on this installation (no DKIM key is configured).");
  let found: string[];
  try {
    found = await lookUpTxt(record.name);
  } catch (error) {
    throw new AppError("RULE_VIOLATION", `The DNS look-up of ${record.name} failed (${(error as NodeJS.ErrnoException).code ?? "error"}). Try again in a few minutes.`);
  }
  if (!publishesDkimKey(found)) {
    const seen = found.length ? "its TXT record holds another key" : "no TXT record was found";
    throw new AppError("RULE_VIOLATION", `Not verified yet: ${record.name} should have the TXT value shown; ${seen}. DNS changes can take a while to appear.`);
  }
}

/** Records that the checked domain signs our mail (a domain changed meanwhile stays unverified). */
export async function markMailSenderVerified(db: Db, agency: Team): Promise<Team> {
  const { count } = await db.team.updateMany({
    where: { id: agency.id, customDomain: agency.customDomain, customDomainVerifiedAt: { not: null } },
    data: { mailSenderVerifiedAt: agency.mailSenderVerifiedAt ?? new Date() },
  });
  if (count !== 1) throw new AppError("RULE_VIOLATION", "The custom domain changed meanwhile: verify the new one.");
  return db.team.findUniqueOrThrow({ where: { id: agency.id } });
}

/** Records the verification, for the domain that was checked (a domain changed meanwhile stays unverified). */
export async function markCustomDomainVerified(db: Db, agency: Team): Promise<Team> {
  const { count } = await db.team.updateMany({ where: { id: agency.id, customDomain: agency.customDomain }, data: { customDomainVerifiedAt: agency.customDomainVerifiedAt ?? new Date() } });
  if (count !== 1) throw new AppError("RULE_VIOLATION", "The custom domain changed meanwhile: verify the new one.");
  return db.team.findUniqueOrThrow({ where: { id: agency.id } });
}

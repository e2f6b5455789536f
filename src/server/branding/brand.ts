import type { Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { PLATFORM_BRAND, type Brand } from "@/server/kernel/brand";
import { env } from "@/server/kernel/env";
import { dkimPublicKey } from "@/server/kernel/mail/dkim";

/**
 * White-label (docs/decisions/033-client-portal.md): on an agency's verified custom domain the portal,
 * sign-in, invitation pages and e-mails carry the agency's brand, never the
 * platform's. Everywhere else the platform's own brand is used (kernel/brand).
 */
export { PLATFORM_BRAND, type Brand } from "@/server/kernel/brand";

type BrandedTeam = Pick<
  Team,
  "name" | "brandName" | "brandLogoUrl" | "brandAccentColor" | "brandSupportEmail" | "customDomain" | "customDomainVerifiedAt" | "mailSenderVerifiedAt"
>;

/** The domain e-mails go From: the verified custom domain once it publishes the platform's DKIM key (and a key is configured). */
export function mailDomainOf(agency: Pick<Team, "customDomain" | "customDomainVerifiedAt" | "mailSenderVerifiedAt">): string | null {
  return agency.customDomain && agency.customDomainVerifiedAt && agency.mailSenderVerifiedAt && dkimPublicKey() ? agency.customDomain : null;
}

export function agencyBrand(agency: BrandedTeam): Brand {
  return {
    name: agency.brandName?.trim() || agency.name,
    logoUrl: agency.brandLogoUrl,
    accentColor: agency.brandAccentColor ?? PLATFORM_BRAND.accentColor,
    supportEmail: agency.brandSupportEmail,
    platform: false,
    mailDomain: mailDomainOf(agency),
  };
}

/** The brand for e-mails about a workspace: its agency's when that agency has a verified custom domain. */
export function brandForAgency(agency: BrandedTeam | null): Brand {
  return agency?.customDomain && agency.customDomainVerifiedAt ? agencyBrand(agency) : PLATFORM_BRAND;
}

/** Where people of an agency's clients are sent (links in e-mails, the share page): its verified custom domain, else APP_URL. */
export function siteBaseUrl(agency: Pick<Team, "customDomain" | "customDomainVerifiedAt"> | null): string {
  return agency?.customDomain && agency.customDomainVerifiedAt ? `https://${agency.customDomain}` : env().APP_URL;
}

/** `Host` header → the bare lower-case host name (no port), or null. */
export function hostName(host: string | null | undefined): string | null {
  if (!host) return null;
  const name = host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  return name || null;
}

/** The agency whose verified custom domain the request came in on, or null. */
export function agencyForHost(db: Db, host: string | null | undefined) {
  const name = hostName(host);
  if (!name) return Promise.resolve(null);
  return db.team.findFirst({ where: { customDomain: name, customDomainVerifiedAt: { not: null }, kind: "agency" } });
}

export async function brandForHost(db: Db, host: string | null | undefined): Promise<Brand> {
  const agency = await agencyForHost(db, host);
  return agency ? agencyBrand(agency) : PLATFORM_BRAND;
}

/** The agency a team belongs to (itself for an agency team), for branding its e-mails and links. */
export async function agencyOfTeam(db: Db, team: Pick<Team, "kind" | "agencyId" | "id">) {
  if (team.kind === "agency") return db.team.findUnique({ where: { id: team.id } });
  if (team.agencyId) return db.team.findUnique({ where: { id: team.agencyId } });
  return null;
}

import { z } from "zod";
import { agencyOwnerProcedure, createTRPCRouter } from "@/server/access";
import { brandSettingsInput } from "@/server/branding/brand-settings";
import { isoOffsetOrNull } from "@/server/kernel/lib/timestamps";
import type { Team } from "@/generated/prisma/client";
import {
  checkCustomDomain,
  checkMailSender,
  customDomainField,
  mailSenderRecord,
  markCustomDomainVerified,
  markMailSenderVerified,
  setCustomDomain,
  verificationRecord,
} from "@/server/branding/custom-domain";
import { mailDomainOf } from "@/server/branding/brand";
import { actorOf, auditedChange, changedFields, recordAudit, type AuditAction } from "@/server/audit";
import type { Context } from "@/server/access";
import type { Db } from "@/server/kernel/db/client";

const brandOf = (t: Team) => ({ brand_name: t.brandName, brand_logo_url: t.brandLogoUrl, brand_accent_color: t.brandAccentColor, brand_support_email: t.brandSupportEmail });

type OwnerCaller = Pick<Context, "via" | "tokenId"> & { user: NonNullable<Context["user"]>; agency: Team };

/** A change of the agency's white-label settings, in its own audit log. */
function auditAgency(db: Db, ctx: OwnerCaller, action: AuditAction, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  return recordAudit(db, { agencyId: ctx.agency.id, teamId: null, actor: actorOf(ctx), action, target: { type: "agency", id: ctx.agency.id, name: ctx.agency.name }, before, after });
}

function serializeBrand(agency: Team) {
  return {
    agency_name: agency.name,
    brand_name: agency.brandName,
    brand_logo_url: agency.brandLogoUrl,
    brand_accent_color: agency.brandAccentColor,
    brand_support_email: agency.brandSupportEmail,
    custom_domain: agency.customDomain,
    custom_domain_verified_at: isoOffsetOrNull(agency.customDomainVerifiedAt),
    custom_domain_record: verificationRecord(agency),
    /** E-mails go From the domain once it publishes this DKIM record (null: no domain, or the installation signs no mail). */
    mail_sender_record: mailSenderRecord(agency),
    mail_sender_verified_at: isoOffsetOrNull(agency.mailSenderVerifiedAt),
    mail_from_domain: mailDomainOf(agency),
  };
}

/** The agency's white-label brand (dashboard only; the owner of the agency). */
export const agencyBrandRouter = createTRPCRouter({
  get: agencyOwnerProcedure.input(z.object({}).optional()).query(({ ctx }) => serializeBrand(ctx.agency)),

  update: agencyOwnerProcedure.input(brandSettingsInput).mutation(async ({ ctx, input }) =>
    serializeBrand(
      await auditedChange(ctx.db, async (db) => {
        const updated = await db.team.update({
          where: { id: ctx.agency.id },
          data: { brandName: input.brand_name, brandLogoUrl: input.brand_logo_url, brandAccentColor: input.brand_accent_color, brandSupportEmail: input.brand_support_email },
        });
        const diff = changedFields(brandOf(ctx.agency), brandOf(updated));
        if (diff) await auditAgency(db, ctx, "brand.changed", diff.before, diff.after);
        return updated;
      }),
    ),
  ),

  /** Sets the custom domain (null removes it); the answer carries the TXT record to publish. */
  setDomain: agencyOwnerProcedure
    .input(z.object({ custom_domain: customDomainField.nullable() }))
    .mutation(async ({ ctx, input }) =>
      serializeBrand(
        await auditedChange(ctx.db, async (db) => {
          const updated = await setCustomDomain(db, ctx.agency, input.custom_domain);
          const before = ctx.agency.customDomain;
          if (before !== updated.customDomain) {
            const action = updated.customDomain ? "custom_domain.set" : "custom_domain.removed";
            await auditAgency(db, ctx, action, { custom_domain: before, verified: Boolean(ctx.agency.customDomainVerifiedAt) }, updated.customDomain ? { custom_domain: updated.customDomain } : null);
          }
          return updated;
        }),
      ),
    ),

  /** Checks the TXT record; 422 saying what was found when it is not there yet. */
  verifyDomain: agencyOwnerProcedure.mutation(async ({ ctx }) => {
    // The DNS look-up first, outside the transaction: it can take seconds.
    await checkCustomDomain(ctx.agency);
    return serializeBrand(
      await auditedChange(ctx.db, async (db) => {
        const verified = await markCustomDomainVerified(db, ctx.agency);
        if (!ctx.agency.customDomainVerifiedAt) await auditAgency(db, ctx, "custom_domain.verified", null, { custom_domain: verified.customDomain });
        return verified;
      }),
    );
  }),

  /** Checks the DKIM record that lets e-mails go From the custom domain; 422 saying what was found when it is not there. */
  verifyMailSender: agencyOwnerProcedure.mutation(async ({ ctx }) => {
    await checkMailSender(ctx.agency);
    return serializeBrand(
      await auditedChange(ctx.db, async (db) => {
        const verified = await markMailSenderVerified(db, ctx.agency);
        if (!ctx.agency.mailSenderVerifiedAt) await auditAgency(db, ctx, "mail_sender.verified", null, { mail_from: `no-reply@${verified.customDomain}` });
        return verified;
      }),
    );
  }),
});

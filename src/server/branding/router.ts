import { z } from "zod";
import { agencyOwnerProcedure, createTRPCRouter } from "@/server/access";
import { brandSettingsInput } from "@/server/branding/brand-settings";
import { isoOffsetOrNull } from "@/server/kernel/lib/timestamps";
import type { Team } from "@/generated/prisma/client";
import { customDomainField, setCustomDomain, verificationRecord, verifyCustomDomain } from "@/server/branding/custom-domain";

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
  };
}

/** The agency's white-label brand (dashboard only; the owner of the agency). */
export const agencyBrandRouter = createTRPCRouter({
  get: agencyOwnerProcedure.input(z.object({}).optional()).query(({ ctx }) => serializeBrand(ctx.agency)),

  update: agencyOwnerProcedure.input(brandSettingsInput).mutation(async ({ ctx, input }) =>
    serializeBrand(
      await ctx.db.team.update({
        where: { id: ctx.agency.id },
        data: { brandName: input.brand_name, brandLogoUrl: input.brand_logo_url, brandAccentColor: input.brand_accent_color, brandSupportEmail: input.brand_support_email },
      }),
    ),
  ),

  /** Sets the custom domain (null removes it); the answer carries the TXT record to publish. */
  setDomain: agencyOwnerProcedure
    .input(z.object({ custom_domain: customDomainField.nullable() }))
    .mutation(async ({ ctx, input }) => serializeBrand(await setCustomDomain(ctx.db, ctx.agency, input.custom_domain))),

  /** Checks the TXT record; 422 saying what was found when it is not there yet. */
  verifyDomain: agencyOwnerProcedure.mutation(async ({ ctx }) => serializeBrand(await verifyCustomDomain(ctx.db, ctx.agency))),
});

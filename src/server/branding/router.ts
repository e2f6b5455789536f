import { z } from "zod";
import { agencyOwnerProcedure, createTRPCRouter } from "@/server/access";
import { brandSettingsInput } from "@/server/branding/brand-settings";
import { isoOffsetOrNull } from "@/server/kernel/lib/timestamps";
import type { Team } from "@/generated/prisma/client";

function serializeBrand(agency: Team) {
  return {
    agency_name: agency.name,
    brand_name: agency.brandName,
    brand_logo_url: agency.brandLogoUrl,
    brand_accent_color: agency.brandAccentColor,
    brand_support_email: agency.brandSupportEmail,
    custom_domain: agency.customDomain,
    custom_domain_verified_at: isoOffsetOrNull(agency.customDomainVerifiedAt),
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
});

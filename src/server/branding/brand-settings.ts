import { z } from "zod";

/**
 * The agency's brand for its white-label portal (docs/decisions/033-client-portal.md). Empty strings mean
 * "not set" (the agency's name and the default color are used). The accent
 * is a plain hex color: it colors the logo mark and links in e-mails.
 */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : typeof value === "string" ? value.trim() : value), schema.nullable());

export const brandSettingsInput = z.object({
  brand_name: optional(z.string().max(100, "Use at most 100 characters.")),
  brand_logo_url: optional(z.url({ protocol: /^https$/, message: "Enter an https:// address of an image." }).max(2000, "Use at most 2000 characters.")),
  brand_accent_color: optional(z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a hex color like #4f46e5.")),
  brand_support_email: optional(z.email("Enter a valid email address.").max(255, "Use at most 255 characters.")),
});


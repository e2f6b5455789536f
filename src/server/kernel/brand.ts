/**
 * What a page or an e-mail is branded with: the platform's own brand, or an
 * agency's on its verified custom domain (server/branding decides which).
 */
export interface Brand {
  name: string;
  logoUrl: string | null;
  accentColor: string;
  supportEmail: string | null;
  /** False when an agency's brand is shown (then "powered by" lines are left out). */
  platform: boolean;
  /** E-mails go From `no-reply@` this domain, DKIM-signed: the agency's custom domain once it publishes the platform's DKIM key. */
  mailDomain: string | null;
}

export const PLATFORM_BRAND: Brand = { name: "Agency Chatbot Platform", logoUrl: null, accentColor: "#4f46e5", supportEmail: null, platform: true, mailDomain: null };


/**
 * The invitation created with a new client, carried from the create form to
 * the client page (a client-side navigation) and shown there once. Kept in
 * memory only: a reload forgets it, as intended.
 */
export interface CreatedInvitation {
  email: string;
  role: string;
  accept_url: string;
  /** Whether the e-mail went out (absent for the invitation created with a new client: it is listed with its state). */
  mail_sent?: boolean;
  mail_error?: string | null;
}

const pending = new Map<string, CreatedInvitation>();

export function rememberCreatedInvitation(clientId: string, invitation: CreatedInvitation): void {
  pending.set(clientId, invitation);
}

export function peekCreatedInvitation(clientId: string): CreatedInvitation | null {
  return pending.get(clientId) ?? null;
}

export function forgetCreatedInvitation(clientId: string): void {
  pending.delete(clientId);
}

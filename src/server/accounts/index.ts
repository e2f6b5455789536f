/** The accounts capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { resetTokenUsable } from "./account";
export { accountRouter } from "./account-router";
export { apiTokensRouter } from "./api-tokens-router";
export { initialsAvatarSvg } from "./avatar";
export { acceptUrl, createInvitation, deliverInvitation } from "./invitations";
export { openMemberInvitation, renewInvitation, revokeInvitation } from "./team-members";
export type { InviteRole } from "./invitations";
export { invitationsRouter } from "./invitations-router";
export { meRouter } from "./me-router";
export { portalContext } from "./portal";
export { teamRouter } from "./team-router";
export { serializeUser } from "./user-serializer";
export { createUser } from "./users";

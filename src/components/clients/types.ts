import type { RouterOutputs } from "@/components/lib/trpc-types";

type Agency = RouterOutputs["agencyClients"];

export type AgencyOverview = Agency["overview"];
export type OverviewClient = AgencyOverview["clients"][number];
export type AgencySummary = AgencyOverview["agency"];
export type Client = Agency["get"]["client"];
export type AgentSummary = Agency["agents"]["chatbots"][number];
export type ClientInvitation = Agency["invitations"][number];
export type LedgerPage = Agency["ledger"];
export type LedgerEntry = LedgerPage["entries"][number];
export type ClientStatus = Client["status"];
export type PauseMode = NonNullable<Client["pause_mode"]>;
export type InviteRole = ClientInvitation["role"];

import { test } from "@playwright/test";
import { e2eSql, LONG_CLIENT_NAME } from "./helpers";

/**
 * States that used to make pages scroll sideways, made once before every other spec (a project the others
 * depend on, playwright.config.ts): a pending invitation to a long address on Harbor Dental, and a client
 * with a long name, a long reference and a long pending invitation of its own. The accessibility audits
 * (e2e/a11y.spec.ts) visit them; the journeys running beside the audits see the same agency from their start.
 */
test("states that used to make pages scroll sideways", async () => {
  const long = "a-very-long-address.with.many.parts.for-a-narrow-screen";
  const client = (await e2eSql(`SELECT id FROM teams WHERE name = 'Harbor Dental' AND kind = 'client'`)).rows[0] as { id: string };
  await e2eSql(
    `INSERT INTO invitations (team_id, email, role, expires_at) VALUES ($1, $2, 'editor', now() + interval '7 days')
     ON CONFLICT DO NOTHING`,
    [client.id, `${long}@harbordental-long-domain.example`],
  );
  const owner = (await e2eSql(`SELECT owner_id, agency_id FROM teams WHERE id = $1`, [client.id])).rows[0] as { owner_id: string; agency_id: string };
  const existing = (await e2eSql(`SELECT id FROM teams WHERE name = $1`, [LONG_CLIENT_NAME])).rows[0] as { id: string } | undefined;
  const id =
    existing?.id ??
    ((
      await e2eSql(
        `INSERT INTO teams (name, kind, plan, owner_id, agency_id, external_reference, message_limit, credits_reset_at, credits_renew_at)
         VALUES ($1, 'client', 'agency_client', $2, $3, $4, 1000, now(), now() + interval '1 month') RETURNING id`,
        [LONG_CLIENT_NAME, owner.owner_id, owner.agency_id, `crm-reference-${"x".repeat(80)}`],
      )
    ).rows[0] as { id: string }).id;
  await e2eSql(`INSERT INTO invitations (team_id, email, role, expires_at) VALUES ($1, $2, 'admin', now() + interval '7 days') ON CONFLICT DO NOTHING`, [
    id,
    `${long}@${"sub.".repeat(8)}example`,
  ]);
});

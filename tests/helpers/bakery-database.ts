import { bakeryClient } from "./answers-fixtures";
import { createTestDatabase } from "./db";
import { agencyOwner } from "./fixtures";
// Apart from answers-fixtures.ts, which end-to-end specs import: this one reaches the server's modules.
/**
 * A database of the test file's own with an agency owner and its "Bakery" client whose "Bakery Bot" is trained on
 * the bakery pages: the setup most contract tests of answers and conversations start from.
 */
export async function bakeryDatabase(team: { messageLimit?: number; enabledIntegrations?: string[] } = {}) {
  const created = await createTestDatabase();
  const owner = await agencyOwner(created.db);
  const { team: client, bot } = await bakeryClient(created.db, owner, team);
  return { url: created.url, db: created.db, owner, team: client, bot };
}

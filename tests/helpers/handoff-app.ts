import { randomBytes } from "node:crypto";
import { bakeryDatabase } from "./bakery-database";
import { apiClient } from "./http";
import { startAppServer } from "./server";
import { widgetVisitor } from "./widget-visitor";
import { startWorkerProcess } from "./worker-process";

/**
 * The setup of the handoff contract tests (a handoff channel, Intercom): the agency's "Bakery" client with the
 * integrations given, its "Bakery Bot" trained on the bakery pages with escalations on (the rules recognise a
 * request for a person: the conversation waits), the compiled app and a real worker process on a database of
 * their own, with `env` (the stand-ins' base URLs) and a fresh sealing key. Stop the worker with
 * `killWorkerProcesses` in `afterAll`.
 */
export async function startHandoffApp(enabledIntegrations: string[], env: Record<string, string>) {
  const created = await bakeryDatabase({ enabledIntegrations });
  const { db, owner, team, bot } = created;
  await db.chatbot.update({ where: { id: bot.id }, data: { enableEscalations: true } });
  const appEnv = { ...env, ENCRYPTION_KEY: randomBytes(32).toString("base64") };
  const base = (await startAppServer(created.url, appEnv)).baseUrl;
  await startWorkerProcess(created.url, appEnv);
  return { db, owner, teamId: team.id, botId: bot.id, base, api: apiClient(base), widget: widgetVisitor(base, bot.id) };
}

/**
 * Operator CLI with JSON output:
 *   npm run --silent admin -- users:create --email E --name N [--password P]
 *   npm run --silent admin -- agencies:create --owner-email E --name N [--workspace-limit N] [--monthly-messages N]
 *   npm run --silent admin -- tokens:create --email E [--name N]
 * Wrong or missing arguments: exit code 2 and a one-line reason on stderr.
 */
import { parseArgs } from "node:util";
import { createApiToken } from "@/server/access";
import { openDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient, type Db } from "@/server/kernel/db/client";
import { migrate } from "@/server/kernel/db/migrate";
import { AppError } from "@/server/kernel/errors";
import { serializeUser } from "@/server/accounts";
import { createUser } from "@/server/accounts";
import { createAgency } from "@/server/workspaces";

class UsageError extends Error {}

const COMMANDS: Record<string, { options: Record<string, { type: "string" }>; required: string[]; run: (db: Db, o: Record<string, string | undefined>) => Promise<unknown> }> = {
  "users:create": {
    options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
    required: ["email", "name"],
    async run(db, o) {
      const { user, generatedPassword } = await createUser(db, { email: o.email!, name: o.name!, password: o.password });
      return { user: serializeUser(user), ...(generatedPassword ? { password: generatedPassword } : {}) };
    },
  },
  "agencies:create": {
    options: { "owner-email": { type: "string" }, name: { type: "string" }, "workspace-limit": { type: "string" }, "monthly-messages": { type: "string" } },
    required: ["owner-email", "name"],
    async run(db, o) {
      const agency = await createAgency(db, {
        ownerEmail: o["owner-email"]!,
        name: o.name!,
        workspaceLimit: integerOption(o, "workspace-limit"),
        monthlyMessages: integerOption(o, "monthly-messages"),
      });
      return {
        agency: {
          id: agency.id,
          name: agency.name,
          plan: agency.plan,
          owner_id: agency.ownerId,
          workspace_limit: agency.workspaceLimit,
          monthly_message_pool: agency.monthlyMessagePool,
        },
      };
    },
  },
  "tokens:create": {
    options: { email: { type: "string" }, name: { type: "string" } },
    required: ["email"],
    async run(db, o) {
      const user = await db.user.findUnique({ where: { email: o.email!.toLowerCase() } });
      if (!user) throw new UsageError(`no user with email ${o.email}`);
      const { token } = await createApiToken(db, user.id, o.name ?? "CLI token");
      return { token };
    },
  },
};

function integerOption(o: Record<string, string | undefined>, name: string): number | undefined {
  const raw = o[name];
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a non-negative integer`);
  return Number(raw);
}

function parseCommand(argv: string[]) {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`unknown command ${name ?? "(none)"}; expected one of ${Object.keys(COMMANDS).join(", ")}`);
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }).values as Record<string, string | undefined>;
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0]!);
  }
  const missing = command.required.filter((r) => !values[r]);
  if (missing.length) throw new UsageError(`missing required option${missing.length > 1 ? "s" : ""} ${missing.map((m) => `--${m}`).join(", ")}`);
  return { command, values };
}

async function main() {
  const { command, values } = parseCommand(process.argv.slice(2));
  const database = await openDatabase();
  const db = createPrismaClient(database.url);
  try {
    await migrate(database.url);
    const output = await command.run(db, values);
    process.stdout.write(JSON.stringify(output) + "\n");
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) process.stderr.write(`admin: ${error.message}\n`);
    else if (error instanceof AppError) process.stderr.write(`admin: ${Object.values(error.errors ?? {}).flat()[0] ?? error.message}\n`);
    else process.stderr.write(`admin: ${(error as Error).message}\n`);
    process.exit(error instanceof UsageError || error instanceof AppError ? 2 : 1);
  },
);

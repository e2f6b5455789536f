import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/*
 * The layers (docs/architecture.md): transports (src/app, src/server/transport, src/server/demo, the UI)
 * → capabilities (src/server/<capability>) → the kernel (src/server/kernel) and isomorphic rules (src/shared).
 * A capability is reached only through its index (or, from the UI, its client entry of pure rules), and the
 * capabilities depend on each other in one direction only: CAPABILITY_DEPENDENCIES is that graph, and any other
 * import between them is a back-edge the lint refuses.
 */
const CAPABILITY_DEPENDENCIES = {
  access: [],
  audit: ["access"],
  branding: ["access", "audit"],
  accounts: ["access", "audit", "branding"],
  webhooks: ["access", "audit"],
  analytics: ["access"],
  training: ["access"],
  workspaces: ["access", "accounts", "audit", "branding", "training"],
  conversations: ["access", "analytics", "branding", "training", "webhooks", "workspaces", "actions", "audit"],
  chatbots: ["access", "audit", "conversations", "training", "workspaces", "actions"],
  channels: ["access", "audit", "conversations", "workspaces"],
  // HTTP actions (docs/decisions/076-http-actions.md); the engine offers them as tools and the inbox shows their calls (conversations → actions).
  actions: ["access", "audit"],
  // HubSpot (docs/decisions/077-hubspot-crm.md); leads are queued by a trigger on contacts, so no capability imports it.
  crm: ["access", "audit"],
  evaluations: ["access", "conversations", "training"],
  // Rebilling through the agency's Stripe account: plans' allowances, dunning pauses and top-ups land on workspaces; events go out as webhooks.
  billing: ["access", "audit", "branding", "webhooks", "workspaces"],
  // The value report: figures from analytics, unanswered questions matched by the engine's rule, sent in the agency's brand.
  reports: ["access", "analytics", "audit", "branding", "chatbots", "conversations", "workspaces"],
  // Templates: a chatbot's configuration as versioned data, rolled out behind the quality gate (record 111, 112).
  // Nothing depends on them: workspaces' agent creation reaches them through the transport (AgentBlueprints).
  templates: ["access", "actions", "audit", "chatbots", "conversations", "evaluations", "training", "webhooks", "workspaces"],
  // The agency's access to a client workspace: its visits (recorded by access) and changes read from the audit log, its requests decided (record 125).
  "access-log": ["access", "audit"],
  // Intercom as the human side (record 119): waiting conversations are queued by a trigger; replies come back through the inbox's path.
  intercom: ["access", "audit", "conversations"],
  // A person's data on request and the retention purge (record 124): deletes rows of conversations and contacts in SQL, audited, with a webhook.
  privacy: ["access", "audit", "webhooks"],
};
const CAPABILITIES = Object.keys(CAPABILITY_DEPENDENCIES);
const server = (name) => `./src/server/${name}`;
const PUBLIC_ENTRIES = ["./index.ts", "./client.ts"];
const UPPER_LAYERS = [server("transport"), server("demo"), "./src/app", "./src/components", "./src/trpc", "./src/proxy.ts"];

const zones = [
  // The kernel and the isomorphic rules import nothing above them.
  { target: server("kernel"), from: [...CAPABILITIES.map(server), ...UPPER_LAYERS], message: "The kernel must not import a capability or a transport." },
  { target: "./src/shared", from: ["./src/server", "./src/app", "./src/components"], message: "src/shared is pure and isomorphic: it imports nothing of the app." },
  // The widget runs on customers' pages: of the project, only itself and the isomorphic rules (packages aside).
  { target: "./src/widget", from: ".", except: ["./src/widget", "./src/shared", "./node_modules"], message: "The widget runs on customers' pages: only src/widget and src/shared." },
  ...CAPABILITIES.flatMap((cap) => [
    // Capabilities never import the transports.
    { target: server(cap), from: UPPER_LAYERS, message: "A capability must not import a transport." },
    // Another capability: only one it depends on, and only through its index.
    ...CAPABILITIES.filter((other) => other !== cap).map((other) =>
      CAPABILITY_DEPENDENCIES[cap].includes(other)
        ? { target: server(cap), from: server(other), except: ["./index.ts"], message: `Import the ${other} capability through its index (@/server/${other}).` }
        : { target: server(cap), from: server(other), message: `${cap} does not depend on ${other} (a back-edge): see CAPABILITY_DEPENDENCIES in eslint.config.mjs.` },
    ),
  ]),
  // Transports and the UI reach a capability through its public entries only.
  ...CAPABILITIES.map((cap) => ({ target: UPPER_LAYERS, from: server(cap), except: PUBLIC_ENTRIES, message: `Import the ${cap} capability through @/server/${cap} (or @/server/${cap}/client from the UI).` })),
];

/* The application never imports the scripts that build, start or measure it (tests included). */
const NO_SCRIPTS = { target: "./src", from: "./scripts", message: "src must not import scripts/: what both need lives in src (e.g. kernel/lib/compiled-runtime.mjs)." };

/*
 * scripts/: the runtime (start, serve, worker, the launcher, the build, migrations, seeding, admin, lib/) reaches
 * a capability through its index, like a transport, and imports neither the tests nor the measuring tools. The
 * measuring tools (bench.ts, bench/, extraction/, fixtures/) time or check one step alone (extraction, chunking,
 * one search), so they may import a capability's files and the tests' fixtures. No script imports Next's app
 * (routes, pages, the UI).
 */
const MEASURING_TOOLS = "bench.ts|bench|extraction|fixtures";
const RUNTIME_SCRIPTS = [`./scripts/!(${MEASURING_TOOLS})`, `./scripts/!(${MEASURING_TOOLS})/**`];
const scriptZones = [
  { target: "./scripts", from: ["./src/app", "./src/components", "./src/trpc", "./src/proxy.ts"], message: "Scripts run outside Next's app: no route, page or UI module." },
  { target: RUNTIME_SCRIPTS, from: ["./tests", "./scripts/bench", "./scripts/bench.ts", "./scripts/extraction", "./scripts/fixtures"], message: "The runtime scripts import no test helper and no measuring tool." },
  ...CAPABILITIES.map((cap) => ({ target: RUNTIME_SCRIPTS, from: server(cap), except: ["./index.ts"], message: `A runtime script reaches the ${cap} capability through @/server/${cap}.` })),
];

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".wt/**", ".next/**", ".data/**", "dist/**", "src/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/**/*.ts", "src/**/*.tsx", "src/**/*.mjs"],
    rules: { "import/no-restricted-paths": ["error", { zones: [NO_SCRIPTS] }] },
  },
  {
    files: ["src/**/*.ts", "src/**/*.tsx", "src/**/*.mjs"],
    ignores: ["src/**/*.test.ts"],
    rules: { "import/no-restricted-paths": ["error", { zones: [NO_SCRIPTS, ...zones] }] },
  },
  {
    files: ["scripts/**/*.ts", "scripts/**/*.mjs"],
    rules: { "import/no-restricted-paths": ["error", { zones: scriptZones }] },
  },
];

export default config;

import { readFileSync } from "node:fs";
import { getDMMF } from "@prisma/get-dmmf";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { applyCurrentState, listCurrentStateFiles } from "@/server/kernel/db/current-state";
import { listMigrations } from "@/server/kernel/db/migrate";
import { createTestDatabase } from "../helpers/db";
import { EXTRA_CHECKS, EXTRA_INDEXES } from "./schema-extras";

/**
 * schema.prisma and the hand-written SQL migrations must describe the same
 * database: every model, column, type, nullability, default, enum, index
 * (columns, order, method, uniqueness) and foreign key (columns, target,
 * actions). What Prisma cannot express (CHECK constraints, GIN, partial or
 * expression indexes) is compared with the reviewed list in schema-extras.ts.
 */
interface DmmfField {
  name: string;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object" | "unsupported";
  isList: boolean;
  isRequired: boolean;
  type: string;
  nativeType?: [string, string[]] | null;
  hasDefaultValue: boolean;
  default?: unknown;
}
interface DmmfModel { name: string; dbName: string | null; fields: DmmfField[] }
interface DmmfIndex {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  dbName?: string | null;
  algorithm?: string;
  fields: { name: string; sortOrder?: "asc" | "desc" }[];
}
interface DmmfEnum { name: string; dbName?: string | null; values: { name: string }[] }

/** Functions and triggers moved to the current-state files after this migration; later ones change tables only. */
const LAST_MIGRATION_BEFORE_CURRENT_STATE = "20261126100000_idempotency_recorded_effect";

const dmmf = getDMMF({ datamodel: readFileSync("prisma/schema.prisma", "utf8") });
if ("type" in dmmf) throw dmmf.error;
const datamodel = dmmf.datamodel as unknown as { models: DmmfModel[]; indexes: DmmfIndex[]; enums: DmmfEnum[] };
const enumDbName = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
const tableOf = (model: DmmfModel) => model.dbName ?? model.name;

/** `Unsupported("type")` fields (e.g. tsvector), which the DMMF leaves out: model name → column → type. */
const unsupportedColumns = new Map<string, Map<string, string>>();
for (const [, model, body] of readFileSync("prisma/schema.prisma", "utf8").matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
  for (const [, name, type, map] of body!.matchAll(/^\s+(\w+)\s+Unsupported\("(\w+)"\)\??(?:.*@map\("(\w+)"\))?/gm)) {
    if (!unsupportedColumns.has(model!)) unsupportedColumns.set(model!, new Map());
    unsupportedColumns.get(model!)!.set(map ?? name!, type!);
  }
}
const columnOf = (field: DmmfField) => field.dbName ?? field.name;

function expectedType(f: DmmfField): string {
  if (f.kind === "enum") return enumDbName.get(f.type)!;
  const native = f.nativeType?.[0];
  const base = (() => {
    switch (f.type) {
      case "String": return native === "Uuid" ? "uuid" : "text";
      case "Int": return "int4";
      case "BigInt": return "int8";
      case "Float": return "float8";
      case "Boolean": return "bool";
      case "DateTime": return native === "Date" ? "date" : "timestamptz";
      case "Json": return "jsonb";
      case "Decimal": return "numeric";
      default: throw new Error(`unmapped type ${f.type}`);
    }
  })();
  return f.isList ? `_${base}` : base;
}

function expectedDefault(f: DmmfField): string | null {
  if (!f.hasDefaultValue) return null;
  const d = f.default as { name?: string; args?: unknown[] } | string | number | boolean | unknown[];
  if (Array.isArray(d)) return `ARRAY[]::${expectedType(f).slice(1)}[]`;
  if (typeof d === "object" && d && "name" in d) {
    if (d.name === "now") return "CURRENT_TIMESTAMP";
    if (d.name === "dbgenerated") return String(d.args?.[0]);
    if (d.name === "autoincrement") return "nextval";
    throw new Error(`unmapped default ${d.name}`);
  }
  if (f.kind === "enum") return `'${String(d)}'::${enumDbName.get(f.type)}`;
  if (typeof d === "string") return `'${d.replace(/'/g, "''")}'::text`;
  return String(d);
}

function normalizeDefault(value: string | null): string | null {
  if (value === null) return null;
  if (value.startsWith("nextval(")) return "nextval";
  return value.replace(/::character varying/g, "::text").replace(/ARRAY\[\]::text\[\]/gi, "ARRAY[]::text[]");
}

describe("schema.prisma matches the migrated database", () => {
  let client: pg.Client;
  let columns: { table_name: string; column_name: string; udt_name: string; is_nullable: string; column_default: string | null; datetime_precision: number | null }[];

  beforeAll(async () => {
    const { url } = await createTestDatabase();
    client = new pg.Client({ connectionString: url });
    await client.connect();
    columns = (
      await client.query(
        `SELECT table_name, column_name, udt_name, is_nullable, column_default, datetime_precision
           FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
      )
    ).rows;
    return () => client.end();
  });

  it("has exactly the tables of the models", () => {
    const tables = new Set(columns.map((c) => c.table_name));
    expect([...tables].sort()).toEqual(datamodel.models.map(tableOf).sort());
  });

  it("has every column with its type, nullability and default, and no other", () => {
    const mismatches: string[] = [];
    for (const model of datamodel.models) {
      const table = tableOf(model);
      const dbColumns = new Map(columns.filter((c) => c.table_name === table).map((c) => [c.column_name, c]));
      const fields = model.fields.filter((f) => f.kind === "scalar" || f.kind === "enum");
      for (const f of fields) {
        const col = dbColumns.get(columnOf(f));
        const where = `${table}.${columnOf(f)}`;
        if (!col) {
          mismatches.push(`${where}: missing in the database`);
          continue;
        }
        if (col.udt_name !== expectedType(f)) mismatches.push(`${where}: type ${col.udt_name}, schema says ${expectedType(f)}`);
        const nullable = !f.isRequired || f.isList;
        if ((col.is_nullable === "YES") !== nullable) mismatches.push(`${where}: nullable=${col.is_nullable}, schema says ${nullable ? "YES" : "NO"}`);
        if (normalizeDefault(col.column_default) !== expectedDefault(f)) {
          mismatches.push(`${where}: default ${col.column_default}, schema says ${expectedDefault(f)}`);
        }
        if (col.udt_name === "timestamptz" && col.datetime_precision !== 6) mismatches.push(`${where}: precision ${col.datetime_precision}`);
      }
      const unsupported = unsupportedColumns.get(model.name) ?? new Map<string, string>();
      for (const [name, type] of unsupported) {
        const col = dbColumns.get(name);
        if (col?.udt_name !== type) mismatches.push(`${table}.${name}: type ${col?.udt_name ?? "missing"}, schema says ${type}`);
      }
      const known = new Set([...fields.map(columnOf), ...unsupported.keys()]);
      for (const name of dbColumns.keys()) if (!known.has(name)) mismatches.push(`${table}.${name}: in the database, not in schema.prisma`);
    }
    expect(mismatches).toEqual([]);
  });

  it("has the enums with the same values", async () => {
    const { rows } = await client.query<{ typname: string; labels: string[] }>(
      `SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
         FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`,
    );
    const actual = Object.fromEntries(rows.map((r) => [r.typname, r.labels]));
    const expected = Object.fromEntries(datamodel.enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.name)]));
    expect(actual).toEqual(expected);
  });

  it("has every primary key, unique and plain index of the schema with its columns, order and method, plus the listed extras, and no other", async () => {
    const { rows } = await client.query<{ name: string; definition: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
         FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
        WHERE t.relname <> '_prisma_migrations'`,
    );
    const { matched, unlisted } = splitExtras(rows, EXTRA_INDEXES);
    expect(matched).toEqual(EXTRA_INDEXES);
    // The name is Prisma's business (and its default naming rules); the definition is what matters.
    const actual = unlisted.map((r) => unquote(r.definition.replace(/^(CREATE (?:UNIQUE )?INDEX) \S+ ON/, "$1 ON"))).sort();
    const modelsByName = new Map(datamodel.models.map((m) => [m.name, m]));
    const expected = datamodel.indexes
      .map((ix) => {
        const model = modelsByName.get(ix.model)!;
        const cols = ix.fields.map((f) => {
          const field = model.fields.find((mf) => mf.name === f.name);
          // An Unsupported field (e.g. a tsvector) is not in the DMMF: named as its column.
          const opclass = (f as { operatorClass?: string }).operatorClass;
          return (field ? columnOf(field) : f.name) + (opclass ? ` ${opclass}` : "") + (f.sortOrder === "desc" ? " DESC" : "");
        });
        const unique = ix.type === "normal" ? "" : "UNIQUE ";
        return `CREATE ${unique}INDEX ON public.${tableOf(model)} USING ${(ix.algorithm ?? "BTree").toLowerCase()} (${cols.join(", ")})`;
      })
      .sort();
    expect(actual).toEqual(expected);
  });

  it("has every foreign key of the schema's relations with its columns, target and actions, and no other", async () => {
    const { rows } = await client.query<{ table: string; definition: string }>(
      `SELECT t.relname AS table, pg_get_constraintdef(c.oid) AS definition
         FROM pg_constraint c
         JOIN pg_class t ON t.oid = c.conrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
        WHERE c.contype = 'f'`,
    );
    const actual = rows.map((r) => `${r.table}: ${unquote(r.definition)}`).sort();
    const modelsByName = new Map(datamodel.models.map((m) => [m.name, m]));
    const expected = datamodel.models
      .flatMap((model) =>
        model.fields
          .filter((f) => f.kind === "object" && f.relationFromFields?.length)
          .map((f) => {
            const target = modelsByName.get(f.type)!;
            const from = f.relationFromFields!.map((name) => columnOf(model.fields.find((mf) => mf.name === name)!));
            const to = f.relationToFields!.map((name) => columnOf(target.fields.find((tf) => tf.name === name)!));
            const optional = f.relationFromFields!.some((name) => !model.fields.find((mf) => mf.name === name)!.isRequired);
            // Prisma's defaults: SetNull for an optional relation, Restrict for a required one; Cascade on update.
            const onDelete = referentialAction(f.relationOnDelete ?? (optional ? "SetNull" : "Restrict"));
            const onUpdate = referentialAction(f.relationOnUpdate ?? "Cascade");
            const actions = [onUpdate && `ON UPDATE ${onUpdate}`, onDelete && `ON DELETE ${onDelete}`].filter(Boolean).join(" ");
            return `${tableOf(model)}: FOREIGN KEY (${from.join(", ")}) REFERENCES ${tableOf(target)}(${to.join(", ")})${actions ? ` ${actions}` : ""}`;
          }),
      )
      .sort();
    expect(actual).toEqual(expected);
  });

  it("has exactly the CHECK constraints listed in schema-extras.ts", async () => {
    const { rows } = await client.query<{ name: string; definition: string }>(
      `SELECT t.relname || '.' || c.conname AS name, pg_get_constraintdef(c.oid) AS definition
         FROM pg_constraint c
         JOIN pg_class t ON t.oid = c.conrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
        WHERE c.contype = 'c'`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.definition]))).toEqual(EXTRA_CHECKS);
  });
});

/** Identifiers that are keywords (`position`, `key`) come back quoted; the comparison ignores quoting. */
function unquote(definition: string): string {
  return definition.replace(/"/g, "");
}

/** pg_get_constraintdef leaves out NO ACTION, the default. */
function referentialAction(action: string): string {
  const sql = { Cascade: "CASCADE", Restrict: "RESTRICT", SetNull: "SET NULL", SetDefault: "SET DEFAULT", NoAction: "" }[action];
  if (sql === undefined) throw new Error(`unmapped referential action ${action}`);
  return sql;
}

/** The rows named in `extras` (name → definition) and the others. */
function splitExtras(rows: { name: string; definition: string }[], extras: Record<string, string>) {
  const matched: Record<string, string> = {};
  const unlisted: typeof rows = [];
  for (const row of rows) {
    if (row.name in extras) matched[row.name] = row.definition;
    else unlisted.push(row);
  }
  return { matched, unlisted };
}

/**
 * Functions and triggers live in the current-state files beside their
 * capability (kernel/db/current-state.ts): the migrated database has exactly
 * those, re-applying the files changes nothing, and no migration after the
 * files were introduced defines a function or trigger of its own.
 */
describe("functions and triggers are the current-state files", () => {
  const files = listCurrentStateFiles();
  const declared = (kind: "FUNCTION" | "TRIGGER") =>
    files.flatMap(({ sql }) => [...sql.matchAll(new RegExp(`CREATE OR REPLACE ${kind}\\s+"?(\\w+)"?`, "g"))].map((m) => m[1]!)).sort();
  let client: pg.Client;
  const definitions = async () =>
    (
      await client.query<{ name: string; definition: string }>(
        `SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS name, pg_get_functiondef(p.oid) AS definition
           FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace AND n.nspname = 'public'
          WHERE NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
         UNION ALL
         SELECT 'trigger ' || t.tgname, pg_get_triggerdef(t.oid)
           FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
          WHERE NOT t.tgisinternal
          ORDER BY 1`,
      )
    ).rows;

  beforeAll(async () => {
    const { url } = await createTestDatabase();
    client = new pg.Client({ connectionString: url });
    await client.connect();
    return () => client.end();
  });

  it("has exactly the functions and triggers the files declare", async () => {
    const rows = await definitions();
    const functions = rows.filter((r) => !r.name.startsWith("trigger ")).map((r) => r.name.split("(")[0]!);
    const triggers = rows.filter((r) => r.name.startsWith("trigger ")).map((r) => r.name.slice("trigger ".length));
    expect([...new Set(functions)].sort()).toEqual(declared("FUNCTION"));
    expect(triggers.sort()).toEqual(declared("TRIGGER"));
  });

  it("is unchanged when the files are applied again", async () => {
    const before = await definitions();
    expect(await applyCurrentState(client)).toBe(files.length);
    expect(await definitions()).toEqual(before);
  });

  it("has no function or trigger defined by a migration newer than the files", () => {
    const newer = listMigrations().filter((m) => m.name > LAST_MIGRATION_BEFORE_CURRENT_STATE);
    for (const m of newer) expect(m.sql, m.name).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)/i);
  });
});

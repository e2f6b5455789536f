import { readFileSync } from "node:fs";
import { getDMMF } from "@prisma/get-dmmf";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../helpers/db";

/**
 * schema.prisma and the hand-written SQL migrations must describe the same
 * database: every model, column, type, nullability, default, enum and index.
 */
interface DmmfField {
  name: string;
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
interface DmmfIndex { model: string; type: "id" | "unique" | "normal" | "fulltext"; dbName?: string | null; fields: { name: string }[] }
interface DmmfEnum { name: string; dbName?: string | null; values: { name: string }[] }

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

  it("has every primary key, unique and plain index of the schema, and no other", async () => {
    const { rows } = await client.query<{ table: string; columns: string[]; is_unique: boolean; is_primary: boolean }>(
      `SELECT c.relname AS table,
              array_agg(a.attname ORDER BY k.ord)::text[] AS columns,
              i.indisunique AS is_unique, i.indisprimary AS is_primary
         FROM pg_index i
         JOIN pg_class c ON c.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
         CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
        WHERE c.relname <> '_prisma_migrations'
        GROUP BY c.relname, i.indexrelid, i.indisunique, i.indisprimary`,
    );
    const kind = (r: { is_unique: boolean; is_primary: boolean }) => (r.is_primary ? "id" : r.is_unique ? "unique" : "normal");
    const actual = rows.map((r) => `${r.table}(${r.columns.join(",")}) ${kind(r)}`).sort();
    const modelsByName = new Map(datamodel.models.map((m) => [m.name, m]));
    const expected = datamodel.indexes
      .map((ix) => {
        const model = modelsByName.get(ix.model)!;
        const cols = ix.fields.map((f) => {
          const field = model.fields.find((mf) => mf.name === f.name);
          return field ? columnOf(field) : f.name; // an Unsupported field (not in the DMMF), named as its column
        });
        return `${tableOf(model)}(${cols.join(",")}) ${ix.type}`;
      })
      .sort();
    expect(actual).toEqual(expected);
  });
});

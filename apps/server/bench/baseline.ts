// The bench's yardstick: a bare Hono + libSQL server serving the four carrier operations with the same
// SQL as the real server (its event triggers included) and nothing else (no validation, ETags, request
// ids or transactions), on the fastest way this stack offers: the native libSQL driver with each
// statement prepared once, rows read as arrays and named in JavaScript, and a lookup by id read in one
// step, as the server's embedded database does (src/db/native.ts), and the log checkpointed from a worker
// thread as the server's Node entry does.
// Env: DATABASE_URL (file:...), PORT (0 = any), BENCH_TOKEN (the one valid bearer token).
import { createHash } from "node:crypto";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import Database from "libsql";
import { startBackgroundCheckpoints } from "../src/db/background-checkpoints.ts";
import { desiredSchema } from "../src/db/ddl.ts";
import { SAFETY_NET_PAGES } from "../src/db/native.ts";

const url = process.env.DATABASE_URL;
const token = process.env.BENCH_TOKEN;
if (!url?.startsWith("file:") || !token)
  throw new Error("baseline.ts needs DATABASE_URL=file:... and BENCH_TOKEN");

// One connection, so WAL + synchronous=NORMAL apply to every statement.
const connection = new Database(url.slice("file:".length), { timeout: 5000 });
connection.exec("PRAGMA journal_mode = WAL");
connection.exec("PRAGMA synchronous = NORMAL");
connection.exec(`PRAGMA wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
const stopCheckpoints = startBackgroundCheckpoints(url.slice("file:".length));
type Statement = ReturnType<typeof connection.prepare>;
/** Each SQL text prepared once; one that answers rows answers arrays, named from its columns. */
const statements = new Map<string, { statement: Statement; columns?: string[] }>();
function prepared(sql: string) {
  let entry = statements.get(sql);
  if (!entry) {
    const statement = connection.prepare(sql);
    entry = statement.reader
      ? { statement: statement.raw(true), columns: statement.columns().map((column) => column.name) }
      : { statement };
    statements.set(sql, entry);
  }
  return entry;
}
function named(values: unknown[], columns: string[]): Row {
  const row: Row = {};
  for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
  return row;
}
type Query = { sql: string; args: (string | number | null)[] };
const db = {
  /** Runs a statement; answers its rows. */
  async execute({ sql, args }: Query) {
    const { statement, columns } = prepared(sql);
    if (!columns) {
      statement.run(args);
      return { rows: [] as Row[] };
    }
    return { rows: (statement.all(args) as unknown[][]).map((row) => named(row, columns)) };
  },
  /** The first row of a query, in one step. */
  first({ sql, args }: Query): Row | undefined {
    const { statement, columns } = prepared(sql);
    const found = statement.get(args) as unknown[] | undefined;
    return found && named(found, columns!);
  },
  close: () => connection.close(),
};
connection.exec(`
  CREATE TABLE IF NOT EXISTS api_tokens (id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL, token_hash TEXT NOT NULL);
  CREATE UNIQUE INDEX IF NOT EXISTS api_tokens_hash ON api_tokens (token_hash);
`);
// The carriers table and the outbox exactly as the server's schema declares them, event triggers
// included: every write of the server appends its event in the same statement, so the same SQL
// includes that insert. Nothing else of the server's schema is created.
for (const name of ["carriers", "events"]) {
  const table = desiredSchema().tables[name]!;
  const columns = Object.entries(table.columns).map(([column, type]) => `${column} ${type}`);
  connection.exec(`CREATE TABLE IF NOT EXISTS ${name} (${columns.join(", ")})`);
  for (const sql of [...Object.values(table.indexes), ...Object.values(table.triggers ?? {})]) {
    connection.exec(sql.replace(/^CREATE (UNIQUE )?(INDEX|TRIGGER) /, "CREATE $1$2 IF NOT EXISTS "));
  }
}
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
await db.execute({
  sql: "INSERT INTO api_tokens (company_id, token_hash) VALUES (1, ?) ON CONFLICT (token_hash) DO NOTHING",
  args: [sha256(token)],
});

const COLUMNS = "id, created_at, updated_at, name, carrier_type, platform, external_id";
type Row = Record<string, unknown>;
const toRecord = (row: Row) => ({
  id: Number(row.id),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  name: row.name,
  carrierType: row.carrier_type,
  platform: row.platform ?? "manual",
  externalId: row.external_id,
});

const companies = new Map<string, number | undefined>();
async function companyOf(header: string | undefined): Promise<number | undefined> {
  const bearer = header?.startsWith("Bearer ") ? header.slice(7) : undefined;
  if (!bearer) return undefined;
  if (companies.has(bearer)) return companies.get(bearer);
  const result = await db.execute({
    sql: "SELECT company_id FROM api_tokens WHERE token_hash = ?",
    args: [sha256(bearer)],
  });
  const companyId = result.rows[0] ? Number(result.rows[0].company_id) : undefined;
  companies.set(bearer, companyId);
  return companyId;
}

const app = new Hono<{ Variables: { companyId: number } }>();
app.use(async (c, next) => {
  const companyId = await companyOf(c.req.header("Authorization"));
  if (companyId === undefined) return c.json({ title: "Unauthorized" }, 401);
  c.set("companyId", companyId);
  await next();
});

const idOf = (file: string) => Number(/^(\d+)\.json$/.exec(file)?.[1] ?? Number.NaN);

app.get("/carriers.json", async (c) => {
  const result = await db.execute({
    sql: `SELECT ${COLUMNS} FROM carriers WHERE company_id = ? ORDER BY id ASC LIMIT ?`,
    args: [c.get("companyId"), 51],
  });
  if (result.rows.length > 50)
    c.header("Link", `<${new URL(c.req.url).origin}/carriers.json?from=50&limit=50>; rel="next"`);
  return c.json(result.rows.slice(0, 50).map(toRecord));
});

app.post("/carriers.json", async (c) => {
  const body = await c.req.json<Row>();
  const now = new Date().toISOString();
  const result = await db.execute({
    sql: `INSERT INTO carriers (company_id, created_at, updated_at, name, carrier_type, platform, external_id) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
    args: [
      c.get("companyId"),
      now,
      now,
      body.name ?? null,
      body.carrierType ?? null,
      body.platform ?? "manual",
      body.externalId ?? null,
    ] as (string | number | null)[],
  });
  return c.json(toRecord(result.rows[0]!), 200);
});

app.get("/carriers/:file", async (c) => {
  const row = db.first({
    sql: `SELECT ${COLUMNS} FROM carriers WHERE id = ? AND company_id = ?`,
    args: [idOf(c.req.param("file")), c.get("companyId")],
  });
  return row ? c.json(toRecord(row)) : c.json({ title: "Not Found" }, 404);
});

app.put("/carriers/:file", async (c) => {
  const body = await c.req.json<Row>();
  const sets = ["updated_at = ?"];
  const args: (string | number | null)[] = [new Date().toISOString()];
  for (const [field, column] of [
    ["name", "name"],
    ["carrierType", "carrier_type"],
    ["platform", "platform"],
    ["externalId", "external_id"],
  ] as const) {
    if (!(field in body)) continue;
    sets.push(`${column} = ?`);
    args.push((body[field] ?? null) as string | null);
  }
  const result = await db.execute({
    sql: `UPDATE carriers SET ${sets.join(", ")} WHERE id = ? AND company_id = ? RETURNING ${COLUMNS}`,
    args: [...args, idOf(c.req.param("file")), c.get("companyId")],
  });
  const row = result.rows[0];
  return row ? c.json(toRecord(row)) : c.json({ title: "Not Found" }, 404);
});

const server = serve(
  { fetch: app.fetch, hostname: "127.0.0.1", port: Number(process.env.PORT ?? 0) },
  (info) => {
    console.log(`Baseline listening on http://127.0.0.1:${info.port}`);
  },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    stopCheckpoints();
    db.close();
    process.exit(0);
  });
}

// db:backup and db:restore as an operator runs them, against the real Node server on 127.0.0.1: a
// backup taken while writes go on holds every write acknowledged before it started and passes
// integrity_check; a restore is refused while anything uses the database, then puts the backup back,
// and the server starts on it.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "libsql";
import { afterAll, expect, it } from "vitest";
import { type NodeServer, startNodeServer } from "../node-process.ts";

const serverDir = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "mcs-backup-"));
const live = join(dir, "live.db");
const servers: NodeServer[] = [];
afterAll(() => {
  for (const server of servers) server.process.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `pnpm db:backup` / `db:restore` (their scripts) on the live database; answers how it ended. */
function run(script: "db-backup" | "db-restore", file: string) {
  const { DATABASE_AUTH_TOKEN: _, INIT_CWD: __, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, file], {
    cwd: serverDir,
    env: { ...inherited, DATABASE_URL: `file:${live}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

function exitOf(server: NodeServer): Promise<number | null> {
  return new Promise((resolve) => server.process.once("exit", (code) => resolve(code)));
}

/** What a database file holds, read on a connection of the test's own (closed after: statements via exec). */
function inspect(file: string): { integrity: string; ids: number[] } {
  const db = new Database(file);
  try {
    const integrity = (db.prepare("PRAGMA integrity_check").raw(true).all() as unknown[][]).map(
      (row) => row[0],
    );
    const ids = (db.prepare("SELECT id FROM carriers ORDER BY id").raw(true).all() as unknown[][]).map(
      (row) => Number(row[0]),
    );
    return { integrity: integrity.join(), ids };
  } finally {
    db.close();
  }
}

it("backs up under write load, refuses to restore under a running server, restores, and the server starts on it", async () => {
  const server = await startNodeServer({ DATABASE_URL: `file:${live}` }, true);
  servers.push(server);
  const headers = { Authorization: `Bearer ${server.token}`, "Content-Type": "application/json" };

  // Four lanes of writes, each acknowledged write's id kept, until told to stop.
  const acknowledged: number[] = [];
  let writing = true;
  const lane = async (laneNo: number) => {
    for (let i = 0; writing; i++) {
      const answer = await fetch(`${server.base}/carriers.json`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: `Lane ${laneNo} write ${i}` }),
      });
      expect(answer.status).toBe(200);
      acknowledged.push(((await answer.json()) as { id: number }).id);
    }
  };
  // A file uploaded before the backup: its body is in the file store's directory, not the database.
  const csv = "sku,quantity\nA-1,4\n";
  const uploaded = await fetch(`${server.base}/files.json?name=stock.csv`, {
    method: "POST",
    headers: { Authorization: `Bearer ${server.token}`, "Content-Type": "text/csv" },
    body: csv,
  });
  expect(uploaded.status).toBe(201);
  const file = (await uploaded.json()) as { url: string };
  const lanes = Promise.all([0, 1, 2, 3].map(lane));
  while (acknowledged.length < 100) await new Promise((resolve) => setTimeout(resolve, 10));

  const backup = join(dir, "backup.db");
  const before = new Set(acknowledged);
  const backedUp = await run("db-backup", backup);
  const during = acknowledged.length - before.size;
  writing = false;
  await lanes;

  expect(backedUp.code, backedUp.stderr).toBe(0);
  expect(backedUp.stdout).toMatch(
    /^Backed up .* to .*backup\.db in [\d.]+ s: [\d.]+ MB, \d+ migrations \(latest \d{4}_\w+\.sql\), integrity ok, 1 stored files\.\n$/,
  );
  expect(readdirSync(`${backup}.files`, { recursive: true }).length).toBe(2);
  // The writes went on while it ran, and nothing acknowledged before it started is missing from it.
  expect(during).toBeGreaterThan(0);
  const copy = inspect(backup);
  expect(copy.integrity).toBe("ok");
  expect([...before].filter((id) => !copy.ids.includes(id))).toEqual([]);
  expect(existsSync(`${backup}.partial`)).toBe(false);
  // A backup never overwrites a file.
  expect((await run("db-backup", backup)).stderr).toMatch(/backup\.db exists already/);

  // Refused while the server runs: its lock names it.
  const refused = await run("db-restore", backup);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`in use by a server (pid ${server.process.pid} `);

  server.process.kill("SIGTERM");
  expect(await exitOf(server)).toBe(0);

  // Refused too while another program has the database open, with no lock of its own: SQLite says so.
  const other = new Database(live);
  other.exec("SELECT count(*) FROM carriers");
  const busy = await run("db-restore", backup);
  other.close();
  expect(busy.code).toBe(1);
  expect(busy.stderr).toMatch(/Another process has .*live\.db open/);

  // The database itself is no backup of it: refused as such, not as a file in use.
  const itself = await run("db-restore", live);
  expect(itself.code).toBe(1);
  expect(itself.stderr).toMatch(/live\.db is the database itself: restore a backup of it/);

  const restored = await run("db-restore", backup);
  expect(restored.code, restored.stderr).toBe(0);
  expect(restored.stdout).toMatch(/^Restored .*live\.db from .*backup\.db: .*integrity ok\./);
  // The database it replaced is kept beside it, whole.
  const kept = readdirSync(dir).find((name) => name.startsWith("live.db.before-restore-"));
  expect(kept).toBeDefined();
  expect(inspect(join(dir, kept!)).ids.length).toBe(acknowledged.length);

  const back = inspect(live);
  expect(back).toEqual(copy);

  // The server starts on it and serves what the backup held.
  const again = await startNodeServer({ DATABASE_URL: `file:${live}` }, false);
  servers.push(again);
  expect((await fetch(`${again.base}/ready`)).status).toBe(200);
  // The file's body came back with the database, and the directory it replaced is kept.
  expect(restored.stdout).toMatch(
    /The stored files it replaced are kept as .*live\.db\.files\.before-restore-/,
  );
  const read = await fetch(`${again.base}${new URL(file.url, again.base).pathname}`, { headers });
  expect(read.status).toBe(200);
  expect(await read.text()).toBe(csv);
  for (const id of [copy.ids[0]!, copy.ids.at(-1)!]) {
    expect((await fetch(`${again.base}/carriers/${id}.json`, { headers })).status).toBe(200);
  }
  again.process.kill("SIGTERM");
  expect(await exitOf(again)).toBe(0);
}, 120_000);

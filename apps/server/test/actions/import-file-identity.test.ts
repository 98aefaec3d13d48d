// Which file an import names, however its `fileUri` spells it: an adjustment file imported again under
// another spelling (its full link or its path, its name encoded or not, a URL's scheme in capitals) is
// skipped, naming the import that applied it, also when two processes start both at once; a `fileUri`
// whose name is not percent-encoded UTF-8 ends `error` at once, as any name of no file does.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InStatement } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { Db } from "../../src/db/database.ts";
import { memoryFileStore } from "../../src/db/file-store.ts";
import { openDb } from "../../src/db/open.ts";
import { createToken } from "../../src/services/auth.ts";
import { fileKeyOf } from "../../src/services/imports/source.ts";
import { apiOf, setupApp, type Tenant } from "../support.ts";
import { get, make } from "./channels-fixtures.ts";
import { importDispatcher, onHand, runImport, startFileServer, storeFile } from "./data-imports-fixtures.ts";

/** How the company's file links start (`storedBaseUrl`): a record's `url` is this and the file's path. */
const BASE = "https://api.example.com";

let setup: Awaited<ReturnType<typeof setupApp>>;
let drain: () => Promise<void>;

beforeAll(async () => {
  setup = await setupApp();
  drain = importDispatcher(setup, { storedBaseUrl: () => BASE }).drain;
});

/** A company with one warehouse and one variant (`A`), and a file that adds 5 units of it. */
async function stockWorld(t: Tenant, db: Db) {
  const main = await make(t, "warehouses", { name: "Main", isDefault: true });
  const variant = await make(t, "variants", { sku: "A", name: "A" });
  const path = await storeFile(db, t, "stock take.csv", "sku,quantity\nA,5\n");
  return { main, variant, path };
}

const sqlOf = (statement: InStatement) => (typeof statement === "string" ? statement : statement.sql);

describe("an adjustment file named another way", () => {
  it("is applied once: by its link, by its path or with its name unencoded, the later imports are skipped", async () => {
    const t = await setup.tenant();
    const { main, variant, path } = await stockWorld(t, setup.db);
    expect(path).toMatch(/^\/files\/\d+\/stock%20take\.csv$/);
    const first = await runImport(t, drain, { importType: "adjustment_import", fileUri: path });
    expect(first).toMatchObject({ status: "complete", added: 1 });
    for (const fileUri of [
      `${BASE}${path}`,
      path.replace("%20", " "),
      `${BASE}${path.replace("%20", " ")}`,
    ]) {
      const again = await runImport(t, drain, { importType: "adjustment_import", fileUri });
      expect(again).toMatchObject({
        status: "skipped",
        fileUri,
        statusMessage: `This file was imported by data import ${first.id}; its adjustments are not made twice.`,
      });
    }
    expect(await onHand(t, variant.id, main.id)).toBe(5);
  });

  it("is downloaded and applied once from a URL spelt another way (its scheme's case, its escapes)", async () => {
    const t = await setup.tenant();
    const { main, variant } = await stockWorld(t, setup.db);
    const server = await startFileServer({ "/stock%20take.csv": "sku,quantity\nA,5\n" });
    const first = await runImport(t, drain, {
      importType: "adjustment_import",
      fileUri: `${server.url}/stock%20take.csv`,
    });
    expect(first).toMatchObject({ status: "complete", added: 1 });
    const again = await runImport(t, drain, {
      importType: "adjustment_import",
      fileUri: `${server.url.replace(/^http:/, "HTTP:")}/stock take.csv#rows`,
    });
    expect(again.status).toBe("skipped");
    expect(again.statusMessage).toContain(`data import ${first.id}`);
    expect(server.served).toEqual(["/stock%20take.csv"]);
    expect(await onHand(t, variant.id, main.id)).toBe(5);
  });

  it("knows URLs that differ only in their host's case, a default port or their escapes as one file", () => {
    const keyOf = (uri: string) => fileKeyOf({ storedBaseUrl: BASE }, uri);
    const key = keyOf("https://files.example.com/exports/stock%20take.csv");
    for (const uri of [
      "HTTPS://Files.Example.COM:443/exports/stock take.csv",
      "https://files.example.com/exports/./stock%20take.csv#top",
    ]) {
      expect(keyOf(uri)).toBe(key);
    }
    for (const uri of [
      "https://files.example.com:8443/exports/stock%20take.csv",
      "https://files.example.com/exports/stock%20take.csv?v=2",
      "https://files.example.com/exports/Stock%20take.csv",
    ]) {
      expect(keyOf(uri)).not.toBe(key);
    }
  });

  it("still skips the same text as an import that started before file keys were recorded", async () => {
    const t = await setup.tenant();
    const { main, variant, path } = await stockWorld(t, setup.db);
    const first = await runImport(t, drain, { importType: "adjustment_import", fileUri: path });
    expect(first.status).toBe("complete");
    // As a database whose imports ran before the key was recorded beside each.
    await setup.db.execute({ sql: "DELETE FROM data_import_files WHERE import_id = ?", args: [first.id] });
    const again = await runImport(t, drain, { importType: "adjustment_import", fileUri: path });
    expect(again.status).toBe("skipped");
    expect(await onHand(t, variant.id, main.id)).toBe(5);
  });

  it("goes by the file its import names when its run starts, after a fileUri changed while it was pending", async () => {
    const t = await setup.tenant();
    const { main, variant, path } = await stockWorld(t, setup.db);
    const first = await runImport(t, drain, { importType: "adjustment_import", fileUri: path });
    const other = await storeFile(setup.db, t, "other.csv", "sku,quantity\nA,1\n");
    const second = await make(t, "data-imports", { importType: "adjustment_import", fileUri: other });
    // The client names the first file (by its link) just after the run read the import to start it.
    let renamed = false;
    const reading: Db = {
      ...setup.db,
      async read(statements) {
        const found = await setup.db.read(statements);
        if (!renamed && statements.some((statement) => sqlOf(statement).includes("data_imports"))) {
          renamed = true;
          const put = await t.json("PUT", `/data-imports/${second.id}.json`, { fileUri: `${BASE}${path}` });
          expect(put.status).toBe(200);
        }
        return found;
      },
    };
    await importDispatcher({ ...setup, db: reading }, { storedBaseUrl: () => BASE }).drain();
    expect(renamed).toBe(true);
    expect(await get(t, "data-imports", second.id)).toMatchObject({
      status: "skipped",
      fileUri: `${BASE}${path}`,
      statusMessage: `This file was imported by data import ${first.id}; its adjustments are not made twice.`,
    });
    expect(await onHand(t, variant.id, main.id)).toBe(5);
  });
});

describe("an adjustment file named two ways, imported at once by two processes", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcs-file-identity-"));
  const fileStore = memoryFileStore();
  /** Two processes' connections to one database file; the app runs over the first. */
  const dbs: Db[] = [];
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    const file = join(dir, "shared.db");
    copyFileSync(inject("templateDb"), file);
    for (let i = 0; i < 2; i++) dbs.push(await openDb(`file:${file}`));
    app = createApp({ db: dbs[0]!, tokenCacheMs: 0, fileStore });
  });
  afterAll(() => {
    for (const db of dbs) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is applied by one import; the other, whose start was planned before it, is skipped", async () => {
    const { token, companyId } = await createToken({
      db: dbs[0]!,
      input: { company: `identity-${process.pid}` },
    });
    const api = apiOf((path, init) => app.request(path, init), token);
    const t: Tenant = { companyId, token, readOnlyToken: token, ...api, readOnly: api };
    const { main, variant, path } = await stockWorld(t, dbs[0]!);
    const first = await make(t, "data-imports", { importType: "adjustment_import", fileUri: path });
    const second = await make(t, "data-imports", {
      importType: "adjustment_import",
      fileUri: `${BASE}${path.replace("%20", " ")}`,
    });
    // Process 1 applies the second import whole between the first's read and batch in process 2.
    const one = importDispatcher({ db: dbs[0]!, fileStore }, { storedBaseUrl: () => BASE });
    let paused = false;
    const pausing: Db = {
      ...dbs[1]!,
      write: (work) =>
        dbs[1]!.write((session) =>
          work({
            ...session,
            async read(statements) {
              const found = await session.read(statements);
              if (!paused && statements.some((statement) => sqlOf(statement).includes("data_import_files"))) {
                paused = true;
                await one.drain();
              }
              return found;
            },
          }),
        ),
    };
    await importDispatcher({ db: pausing, fileStore }, { storedBaseUrl: () => BASE }).drain();
    expect(paused).toBe(true);
    expect(await get(t, "data-imports", second.id)).toMatchObject({ status: "complete", added: 1 });
    expect(await get(t, "data-imports", first.id)).toMatchObject({
      status: "skipped",
      statusMessage: `This file was imported by data import ${second.id}; its adjustments are not made twice.`,
    });
    expect(await onHand(t, variant.id, main.id)).toBe(5);
  });
});

describe("a fileUri whose name is not percent-encoded UTF-8", () => {
  it("ends error (unreadable_file) at once, naming the fileUri, as a name of no file does", async () => {
    const t = await setup.tenant();
    await make(t, "warehouses", { name: "Main", isDefault: true });
    const fileUri = "/files/1/%E0%A4%A";
    for (const importType of ["stock_take", "adjustment_import"]) {
      const done = await runImport(t, drain, { importType, fileUri });
      expect(done).toMatchObject({
        status: "error",
        statusMessage: `fileUri ${fileUri} names no file: its file name is not percent-encoded UTF-8 text.`,
        statusProblem: { code: "unreadable_file" },
      });
    }
  });
});

describe("a file named under the mount point", () => {
  it("is read by the path an upload's Location gives it with BASE_PATH and no PUBLIC_URL", async () => {
    const mounted = await setupApp({ basePath: "/api" });
    // The Node server's links start with the address it listens on, and the mount point.
    const run = importDispatcher(mounted, { storedBaseUrl: () => "http://127.0.0.1:8787/api" }).drain;
    const t = await mounted.tenant();
    const api = apiOf((path, init) => mounted.app.request(`/api${path}`, init), t.token);
    await api.json("POST", "/warehouses.json", { name: "Main", isDefault: true });
    await api.json("POST", "/variants.json", { sku: "A", name: "A" });
    const upload = await api.request("POST", "/files.json?name=count.csv", "sku,quantity\nA,7\n", {
      "Content-Type": "text/csv",
    });
    const fileUri = upload.headers.get("Location");
    expect(fileUri).toMatch(/^\/api\/files\/\d+\/count\.csv$/);
    const made = await api.json("POST", "/data-imports.json", { importType: "stock_take", fileUri });
    expect(made.status).toBe(200);
    await run();
    const done = await api.json("GET", `/data-imports/${made.body.id}.json`);
    expect(done.body).toMatchObject({ status: "complete", added: 1, fileUri });
  });
});

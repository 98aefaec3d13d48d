import { expect } from "vitest";
import type { Db } from "../../src/db/database.ts";
import type { FileStore } from "../../src/db/file-store.ts";
import { createDispatcher, type DispatcherDeps } from "../../src/services/webhooks/dispatcher.ts";
import { serveLocally } from "../local-server.ts";
import type { Tenant } from "../support.ts";
import { get, make } from "./channels-fixtures.ts";

/** Stores a file for the company as generated files are stored (`planStoredFile`); answers its link. */
export async function storeFile(db: Db, t: Tenant, name: string, body: string | Uint8Array): Promise<string> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const result = await db.execute({
    sql: "INSERT INTO stored_files (company_id, name, content_type, body, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
    args: [t.companyId, name, "text/csv; charset=utf-8", bytes, new Date().toISOString()],
  });
  return `/files/${Number(result.rows[0]!.id)}/${encodeURIComponent(name)}`;
}

/** A dispatcher over the test's database that runs imports; `drain` runs it until no import work is left. */
export function importDispatcher(
  { db, fileStore }: { db: Db; fileStore: FileStore },
  deps: Partial<DispatcherDeps> = {},
) {
  const dispatcher = createDispatcher({ db, fileStore, policy: { allowLocal: true }, ...deps });
  return {
    dispatcher,
    async drain() {
      for (let run = 0; run < 1000; run++) if (!(await dispatcher.runOnce()).more) return;
      throw new Error("The imports did not finish.");
    },
  };
}

/** Creates an import and runs the dispatcher until it ends; answers the import as it ended. */
export async function runImport(
  t: Tenant,
  drain: () => Promise<void>,
  body: Record<string, unknown>,
): Promise<any> {
  const created = await make(t, "data-imports", body);
  expect(created.status).toBe("pending");
  await drain();
  return get(t, "data-imports", created.id);
}

/** Serves files on 127.0.0.1 by path (`files`), 404 for others; closed after the test file. */
export async function startFileServer(files: Record<string, string | (() => string)>) {
  const served: string[] = [];
  const base = await serveLocally((req, res) => {
    served.push(req.url ?? "");
    const file = files[req.url ?? ""];
    if (file === undefined) return void res.writeHead(404).end("no such file");
    res.writeHead(200, { "Content-Type": "text/csv" }).end(typeof file === "function" ? file() : file);
  });
  return { url: base, served };
}

/**
 * Serves `text` on 127.0.0.1 at any path, breaking the connection after its first `cutAt` characters
 * (its server sends no length; a function: by the request's number, from 1; none: the whole text, sent
 * to its end); closed after the test file. `served` counts the requests.
 */
export async function startCuttingFileServer(
  text: string,
  cutAt: number | ((request: number) => number | undefined),
) {
  let served = 0;
  const base = await serveLocally((_req, res) => {
    served += 1;
    res.writeHead(200, { "Content-Type": "text/csv" });
    const cut = typeof cutAt === "number" ? cutAt : cutAt(served);
    if (cut === undefined) return void res.end(text);
    res.write(text.slice(0, cut), () => res.destroy());
  });
  return { url: base, served: () => served };
}

/** On hand of a variant at a warehouse, as the inventory levels say (0 without a level). */
export async function onHand(t: Tenant, variantId: number, warehouseId: number): Promise<number> {
  const levels = await t.json(
    "GET",
    `/inventory-levels.json?where[variantId]=${variantId}&where[warehouseId]=${warehouseId}`,
  );
  return levels.body[0]?.onHand ?? 0;
}

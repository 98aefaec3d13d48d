/**
 * Drains the outbox: `fanOut` (fan-out.ts) turns new events into deliveries, `deliverDue`
 * (deliveries.ts) attempts the due ones; runs the data imports owed (`imports/runner.ts`) and the
 * feed fetches (`feed-fetch.ts`, with the other background work), a slice at a time; `prune` drops
 * what is past retention. All only read and write tables, so a crash at any point loses nothing:
 * events not yet fanned out are after the cursor, and a delivery, an import or a feed fetch claimed by
 * a process that died is taken up again when its lease ends.
 */
import type { Db } from "../../db/database.ts";
import { type FileStore, memoryFileStore } from "../../db/file-store.ts";
import type { MailSender } from "../../domain/mail.ts";
import type { OutboundPolicy } from "../../domain/outbound-urls.ts";
import { ephemeralKeyring, type Keyring } from "../../domain/secrets.ts";
import { pdfLabelProvider } from "../../labels/pdf-provider.ts";
import type { LabelProvider } from "../../labels/provider.ts";
import { type BackgroundDeps, backgroundWork } from "../background.ts";
import { EVENT_RETENTION_DAYS, firstIdFrom } from "../events.ts";
import { DEFAULT_FILES_POLICY, type FilesPolicy, pruneFiles, pruneOrphanBodies } from "../files.ts";
import { IMPORT_MAX_BYTES, runImports } from "../imports/runner.ts";
import { deliverDue, nextAttemptAt } from "./deliveries.ts";
import { fanOut } from "./fan-out.ts";
// The log writers of the shipment and accounting callouts, registered before any delivery settles.
import "./work-logs.ts";

export interface DispatcherDeps {
  db: Db;
  policy: OutboundPolicy;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; tests inject a clock to walk the retry schedule without sleeping. */
  now?: () => number;
  random?: () => number;
  /** The keys that open the secrets callouts are signed and sent with (default: this process's own). */
  secrets?: Keyring | Promise<Keyring>;
  /** Sends the e-mail deliveries (purchase orders by e-mail): the runtime's SMTP transport. */
  mail?: MailSender;
  /** How long stored files are kept: `prune` deletes older ones. */
  files?: FilesPolicy;
  /**
   * Where stored files' bodies are: `prune` deletes those of the files it deletes, and the orphans.
   * Absent (tests that keep no bodies): an empty store, so only rows are deleted.
   */
  fileStore?: FileStore;
  /** How the app's file links start (`PUBLIC_URL` and the mount): the files background work makes, and those imports read. */
  storedBaseUrl?: () => string;
  /** How feed files are downloaded: bounded in size and time (`background.ts`). */
  feeds?: BackgroundDeps["feeds"];
  /** The label provider the app uses (an import that ships a purchase makes its label). */
  labels?: LabelProvider;
  /** The largest file an import reads (bytes), and how long one `runOnce` runs imports (ms). */
  imports?: { maxBytes?: number; sliceMs?: number };
}

export interface Dispatcher {
  /** New events → deliveries; answers how many events it went past (0: none were new). */
  fanOut(): Promise<number>;
  /** Attempts the due deliveries; answers how many it attempted. */
  deliverDue(): Promise<number>;
  /** The work behind records that is due (feed fetches, data exports); answers how many jobs it took. */
  work(): Promise<number>;
  /**
   * Does the due work, fans out and delivers until nothing is left that is due now (the work's callouts
   * among it), and runs data imports and feed fetches for a slice; answers how many attempts failed,
   * and whether import or fetch work is left (`more`: run again soon).
   */
  runOnce(): Promise<{ failed: number; more: boolean }>;
  /** Drops events older than the retention period (once delivered) and settled deliveries as old. */
  prune(): Promise<void>;
  /** When the earliest pending delivery is due (ms), or undefined when none is pending. */
  nextAttemptAt(): Promise<number | undefined>;
}

const iso = (ms: number) => new Date(ms).toISOString();
/**
 * How long one run works on imports before deliveries get their turn again: long enough for many
 * batches, short enough for a Worker's invocation (feed fetches have a slice as long, `feed-fetch.ts`).
 */
const IMPORT_SLICE_MS = 10_000;

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const { db } = deps;
  const fileStore = deps.fileStore ?? memoryFileStore();
  let failures = 0;
  const background = backgroundWork({ ...deps, now, fileStore });

  async function deliver(): Promise<number> {
    const { attempted, failed } = await deliverDue({ ...deps, now, random });
    failures += failed;
    return attempted;
  }

  const importDeps = {
    db,
    policy: deps.policy,
    files: deps.files ?? DEFAULT_FILES_POLICY,
    fileStore,
    secrets: Promise.resolve(deps.secrets ?? ephemeralKeyring()),
    storedBaseUrl: deps.storedBaseUrl ?? (() => ""),
    labels: deps.labels ?? pdfLabelProvider,
    now,
    maxBytes: deps.imports?.maxBytes ?? IMPORT_MAX_BYTES,
    sliceMs: deps.imports?.sliceMs ?? IMPORT_SLICE_MS,
  };

  async function runOnce(): Promise<{ failed: number; more: boolean }> {
    const before = failures;
    // The work (a feed's download may take its 30 s) runs beside the deliveries, not before them; what
    // it queued is fanned out and delivered once it is over. Work that fails (a bug, the database
    // away) holds no delivery back: it is tried again next run, and its error told after them.
    const working = background.run().then(
      (done) => ({ more: done.more }),
      (error: unknown) => ({ error, more: false }),
    );
    const drain = async () => {
      while ((await fanOut(db, now)) > 0);
      while ((await deliver()) > 0);
    };
    await drain();
    const importsLeft = await runImports(importDeps);
    const worked = await working;
    // What the work and the imports' batches wrote (their events) goes out in this run too.
    await drain();
    if ("error" in worked) throw worked.error;
    return { failed: failures - before, more: importsLeft || worked.more };
  }

  async function prune(): Promise<void> {
    const cutoff = iso(now() - EVENT_RETENTION_DAYS * 86_400_000);
    // Events are numbered as they are written, so the old ones are those before the first that may be
    // recent (`firstIdFrom`: a few lookups by id, as for a list's time bound). Only events already
    // fanned out go.
    const recent = await firstIdFrom(db, cutoff);
    if (recent !== undefined) {
      await db.execute({
        sql: "DELETE FROM events WHERE id < ? AND id <= COALESCE((SELECT last_event_id FROM webhook_cursor WHERE id = 1), 0)",
        args: [recent],
      });
    }
    await db.execute({
      sql: "DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE status != 'pending' AND created_at < ?)",
      args: [cutoff],
    });
    await db.execute({
      sql: "DELETE FROM webhook_deliveries WHERE status != 'pending' AND created_at < ?",
      args: [cutoff],
    });
    await pruneFiles(db, fileStore, deps.files ?? DEFAULT_FILES_POLICY, now());
    await pruneOrphanBodies(db, fileStore, now());
  }

  return {
    work: async () => (await background.run()).jobs,
    fanOut: () => fanOut(db, now),
    deliverDue: deliver,
    runOnce,
    prune,
    nextAttemptAt: () => nextAttemptAt(db),
  };
}

/**
 * Drains the outbox: `fanOut` (fan-out.ts) turns new events into deliveries, a pool of attempts
 * (`deliveryPool`, deliveries.ts) sends the due ones; beside them it runs the data imports owed
 * (`imports/runner.ts`) and the feed fetches (`feed-fetch.ts`, with the other background work), a slice
 * at a time; `prune` drops what is past retention, and the delivery logs of deleted endpoints. All only
 * read and write tables, so a crash at any point loses nothing: events not yet fanned out are after the
 * cursor, and a delivery, an import or a feed fetch claimed by a process that died is taken up again
 * when its lease ends.
 */
import type { Db } from "../../db/database.ts";
import { type FileStore, memoryFileStore } from "../../db/file-store.ts";
import { PRUNE_BATCH, pruneInBatches } from "../../db/prune.ts";
import { sql } from "../../db/sql.ts";
import type { MailSender } from "../../domain/mail.ts";
import type { OutboundPolicy } from "../../domain/outbound-urls.ts";
import { ephemeralKeyring, type Keyring } from "../../domain/secrets.ts";
import { pdfLabelProvider } from "../../labels/pdf-provider.ts";
import type { LabelProvider } from "../../labels/provider.ts";
import { type BackgroundDeps, backgroundWork } from "../background.ts";
import { EVENT_RETENTION_DAYS, firstIdFrom } from "../events.ts";
import { DEFAULT_FILES_POLICY, type FilesPolicy, pruneFiles, pruneOrphanBodies } from "../files.ts";
import { pruneKeys } from "../idempotency.ts";
import { IMPORT_DOWNLOAD_WAIT_MS, IMPORT_MAX_BYTES, runImports } from "../imports/runner.ts";
import { deliverDue, deliveryPool, nextAttemptAt } from "./deliveries.ts";
import { sweepDeletedEndpoints } from "./endpoint-logs.ts";
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
  /**
   * The largest file an import reads (bytes), how long one `runOnce` runs imports (ms), and how long a
   * run waits on a downloaded file's server in all (ms; `IMPORT_DOWNLOAD_WAIT_MS`).
   */
  imports?: { maxBytes?: number; sliceMs?: number; downloadWaitMs?: number };
  /** While work or attempts are under way, the longest a run waits between passes (ms; `PASS_MS`). */
  passMs?: number;
}

export interface Dispatcher {
  /**
   * New events → deliveries; answers how many events it went past, or 1 when it told only part of a
   * feed's change (0: none were new).
   */
  fanOut(): Promise<number>;
  /** Attempts the due deliveries; answers how many it attempted. */
  deliverDue(): Promise<number>;
  /** The work behind records that is due (feed fetches, data exports); answers how many jobs it took. */
  work(): Promise<number>;
  /**
   * Runs the due work (data imports, feed fetches for a slice, data exports) and, beside it, fans out
   * and delivers until the work is over and nothing is due or in flight (the work's callouts among it);
   * answers how many attempts failed, and whether import or fetch work is left (`more`: run again soon).
   */
  runOnce(): Promise<{ failed: number; more: boolean }>;
  /**
   * Drops events older than the retention period (once delivered) and settled deliveries as old, and
   * the delivery logs of deleted endpoints (`endpoint-logs.ts`).
   */
  prune(): Promise<void>;
  /** When the earliest pending delivery is due (ms), or undefined when none is pending. */
  nextAttemptAt(): Promise<number | undefined>;
  /**
   * New events were written: a run under way makes its next pass now (fans them out, sends what is due)
   * instead of at the end of its wait. Without a run under way, nothing.
   */
  wake(): void;
}

const iso = (ms: number) => new Date(ms).toISOString();
/**
 * How long one run works on imports before deliveries get their turn again: long enough for many
 * batches, short enough for a Worker's invocation (feed fetches have a slice as long, `feed-fetch.ts`).
 */
const IMPORT_SLICE_MS = 10_000;
/**
 * How long after a round of the work began a run that is still delivering starts another: the work due
 * meanwhile (an export asked for, a feed's schedule) is not held back by a slow receiver's deliveries.
 */
const WORK_AGAIN_MS = IMPORT_SLICE_MS;
/**
 * While work or attempts are under way, the longest a run waits before it fans out new events and
 * claims what came due: as often as the loop's own tick (new events written meanwhile end the wait
 * sooner: `wake`).
 */
const PASS_MS = 1_000;

/** Waits until the first of `events` settles, or `ms` have passed. */
async function firstOf(events: Promise<unknown>[], ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([...events, elapsed]).finally(() => clearTimeout(timer));
}

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const { db } = deps;
  const fileStore = deps.fileStore ?? memoryFileStore();
  const background = backgroundWork({ ...deps, now, fileStore });
  const deliveryDeps = { ...deps, now, random };
  const passMs = deps.passMs ?? PASS_MS;
  // A wake-up during a run: the run's wait ends (`woken`), or, between its waits, the next one is skipped.
  let woke = false;
  let woken: (() => void) | undefined;
  const wakeUp = () =>
    new Promise<void>((resolve) => {
      woken = resolve;
    });

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
    downloadWaitMs: deps.imports?.downloadWaitMs ?? IMPORT_DOWNLOAD_WAIT_MS,
    sliceMs: deps.imports?.sliceMs ?? IMPORT_SLICE_MS,
  };

  async function runOnce(): Promise<{ failed: number; more: boolean }> {
    woke = false;
    // The work (an import's slice, a feed's download: up to its 2 minutes) runs beside the deliveries:
    // new events are fanned out and due deliveries sent while it goes on, and what it wrote goes out
    // once it is over. Work that fails (a bug, the database away) holds no delivery back: it is tried
    // again next run, and its error told after them.
    const outcome = (run: () => Promise<boolean>) =>
      run().then(
        (more) => ({ more }),
        (error: unknown) => ({ error, more: false }),
      );
    // A round of the work; another starts while a long run's deliveries go on (a receiver that answers
    // slowly, a backlog of retries), so that the work due meanwhile does not wait for them to end.
    const rounds: Promise<({ more: boolean } | { error: unknown; more: boolean })[]>[] = [];
    let over = false;
    let workOver: Promise<void> = Promise.resolve();
    let workStarted = 0;
    const startWork = () => {
      const round = Promise.all([
        outcome(async () => (await background.run()).more),
        outcome(() => runImports(importDeps)),
      ]);
      rounds.push(round);
      over = false;
      workStarted = now();
      workOver = round.then(() => {
        over = true;
      });
    };
    startWork();
    const pool = deliveryPool(deliveryDeps);
    let stopped: { error: unknown } | undefined;
    try {
      for (;;) {
        // A pass after the work was over fans out what it wrote; the run ends with nothing in flight.
        const last = over;
        while ((await fanOut(db, now)) > 0);
        await pool.fill();
        if (last && !pool.size) break;
        if (over && !last) continue;
        if (over && now() - workStarted >= WORK_AGAIN_MS) {
          startWork();
          continue;
        }
        if (woke) {
          woke = false;
          continue;
        }
        await firstOf([...(over ? [] : [workOver]), ...(pool.size ? [pool.room()] : []), wakeUp()], passMs);
        woken = undefined;
        woke = false;
      }
    } catch (error) {
      stopped = { error };
    }
    // One run at a time: the attempts and the work end before the run does, even when it failed.
    await pool.idle();
    const outcomes = (await Promise.all(rounds)).flat();
    if (stopped) throw stopped.error;
    const { failed } = await pool.done();
    for (const done of outcomes) if ("error" in done) throw done.error;
    return { failed, more: outcomes.some((done) => done.more) };
  }

  async function prune(): Promise<void> {
    const cutoff = iso(now() - EVENT_RETENTION_DAYS * 86_400_000);
    // Events are numbered as they are written, so the old ones are those before the first that may be
    // recent (`firstIdFrom`: a few lookups by id, as for a list's time bound). Only events already
    // fanned out go. Each in pieces (`pruneInBatches`): a month's backlog holds the write lock for
    // moments at a time, not seconds.
    const recent = await firstIdFrom(db, cutoff);
    if (recent !== undefined) {
      await pruneInBatches(
        db,
        sql`DELETE FROM events WHERE id IN (SELECT id FROM events WHERE id < ${recent} AND id <= COALESCE((SELECT last_event_id FROM webhook_cursor WHERE id = 1), 0) ORDER BY id LIMIT ${PRUNE_BATCH})`.statement(),
      );
    }
    const ended = sql`webhook_deliveries.status != 'pending' AND webhook_deliveries.created_at < ${cutoff}`;
    await pruneInBatches(
      db,
      sql`DELETE FROM webhook_attempts WHERE id IN (SELECT webhook_attempts.id FROM webhook_attempts JOIN webhook_deliveries ON webhook_deliveries.id = webhook_attempts.delivery_id WHERE ${ended} LIMIT ${PRUNE_BATCH})`.statement(),
    );
    await pruneInBatches(
      db,
      sql`DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries WHERE ${ended} LIMIT ${PRUNE_BATCH})`.statement(),
    );
    await sweepDeletedEndpoints(db);
    await pruneKeys(db, now());
    await pruneFiles(db, fileStore, deps.files ?? DEFAULT_FILES_POLICY, now());
    await pruneOrphanBodies(db, fileStore, now());
  }

  return {
    work: async () => (await background.run()).jobs,
    fanOut: () => fanOut(db, now),
    deliverDue: async () => (await deliverDue(deliveryDeps)).attempted,
    runOnce,
    prune,
    nextAttemptAt: () => nextAttemptAt(db),
    wake() {
      woke = true;
      woken?.();
    },
  };
}

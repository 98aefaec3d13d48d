/**
 * The work behind records, done by the dispatcher beside its deliveries (the loop on Node and Deno, the
 * queue and the Cron Trigger on Workers): feeds fetched on their schedule or by hand, data exports
 * built. Each job is one company's, run with a context of its own, as a request of that company would.
 */
import type { Db } from "../db/database.ts";
import type { FileStore } from "../db/file-store.ts";
import type { Ctx } from "../domain/context.ts";
import type { OutboundPolicy } from "../domain/outbound-urls.ts";
import { ephemeralKeyring, type Keyring } from "../domain/secrets.ts";
import { pdfLabelProvider } from "../labels/pdf-provider.ts";
import type { LabelProvider } from "../labels/provider.ts";
import { runPendingDataExports } from "./data-exports.ts";
import { type FetchLimits, queueDueFeeds, runFeedFetches } from "./feed-fetch.ts";
import { DEFAULT_FILES_POLICY, type FilesPolicy } from "./files.ts";

export interface BackgroundDeps {
  db: Db;
  policy: OutboundPolicy;
  fetch?: typeof fetch;
  now: () => number;
  secrets?: Keyring | Promise<Keyring>;
  files?: FilesPolicy;
  /** Where the files the work makes keep their bodies. */
  fileStore: FileStore;
  /** The start of the URLs of the files the work makes (`PUBLIC_URL` and the mount point). */
  storedBaseUrl?: () => string;
  /** The label provider the app uses (an import that ships a purchase makes its label); default: PDF. */
  labels?: LabelProvider;
  /**
   * How feed files are downloaded (default: `MAX_FEED_BYTES`, `FEED_TIMEOUT_MS` a wait,
   * `FEED_DOWNLOAD_MS` in all), and how long one run fetches (`sliceMs`).
   */
  feeds?: Omit<FetchLimits, "fetcher">;
}

/** How often due feeds are looked for: the shortest schedule is an hour. */
const SCHEDULE_CHECK_MS = 60_000;

/** A company's context for background work: no API key, the dispatcher's clock and policies. */
export function backgroundCtx(deps: BackgroundDeps, companyId: number): Ctx {
  const base = deps.storedBaseUrl?.() ?? "";
  let at: string | undefined;
  return {
    db: deps.db,
    companyId,
    actor: { companyId, tokenId: 0, readOnly: false },
    now: () => (at ??= new Date(deps.now()).toISOString()),
    baseUrl: base,
    storedBaseUrl: base,
    labels: deps.labels ?? pdfLabelProvider,
    files: deps.files ?? DEFAULT_FILES_POLICY,
    fileStore: deps.fileStore,
    outbound: deps.policy,
    secrets: Promise.resolve(deps.secrets ?? ephemeralKeyring()),
  };
}

/**
 * The background work of one dispatcher: `run` does what is due and answers how many jobs it took, and
 * whether work may be left (a feed fetch not finished in its slice: run again soon).
 */
export function backgroundWork(deps: BackgroundDeps) {
  let lastScheduleCheck = Number.NEGATIVE_INFINITY;
  // A context per job: each has its own instant, as each request has.
  const ctxOf = (companyId: number) => backgroundCtx(deps, companyId);
  // A feed fetch spans many writes: each is stamped with its own time.
  const fetchCtxOf = (companyId: number): Ctx => ({
    ...backgroundCtx(deps, companyId),
    now: () => new Date(deps.now()).toISOString(),
  });
  return {
    async run(): Promise<{ jobs: number; more: boolean }> {
      let jobs = 0;
      const now = deps.now();
      if (now - lastScheduleCheck >= SCHEDULE_CHECK_MS) {
        lastScheduleCheck = now;
        jobs += await queueDueFeeds(deps.db, ctxOf, now);
      }
      const fetches = await runFeedFetches(deps.db, fetchCtxOf, deps.now, {
        ...deps.feeds,
        ...(deps.fetch ? { fetcher: deps.fetch } : {}),
      });
      jobs += fetches.fetched;
      jobs += await runPendingDataExports(deps.db, ctxOf);
      return { jobs, more: fetches.more };
    },
  };
}

// Node only (worker threads): the Node entry hands this to `prepareServer`.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** How often the worker copies what the log holds into the database file, in ms. */
const INTERVAL_MS = 100;

// The worker's whole program, run as CommonJS: its own connection to the file, and a passive
// checkpoint (one that never waits on, nor blocks, a reader or the writer) at every tick. A failed
// checkpoint is said once; the writer's own checkpoints (at a higher threshold) still bound the log.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: 0 });
let said = false;
setInterval(() => {
  try {
    db.exec("PRAGMA wal_checkpoint(PASSIVE)");
  } catch (error) {
    if (!said) parentPort.postMessage(String(error && error.message ? error.message : error));
    said = true;
  }
}, workerData.intervalMs);
`;

/**
 * Copies the embedded database's write-ahead log into the database file from a worker thread, so that
 * requests do not: left to the writer, a checkpoint runs inside the commit that crosses the threshold
 * and stalls that request and every one queued behind it (a sixth of a batch import's time went there).
 * Answers how to stop it.
 */
export function startBackgroundCheckpoints(
  path: string,
  log: (message: string) => void = console.error,
): () => void {
  const driver = createRequire(import.meta.url).resolve("libsql");
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, path, intervalMs: INTERVAL_MS } });
  worker.on("message", (message) => log(`background checkpoints: ${message}`));
  worker.on("error", (error) => log(`background checkpoints stopped: ${error.message}`));
  // The server's life decides the process's, not this thread.
  worker.unref();
  return () => void worker.terminate();
}

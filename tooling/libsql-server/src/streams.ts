import { randomBytes } from "node:crypto";
import { Connection } from "./connection.ts";

/** A Hrana stream: one connection and its stored SQL texts, reached through a baton that changes on every use. */
export interface Stream {
  readonly connection: Connection;
  readonly sqls: Map<number, string>;
  closed: boolean;
  idleTimer: NodeJS.Timeout | undefined;
  /** Set while a cursor still runs the stream's batch; the stream's next request waits for it. */
  busy: Promise<void> | undefined;
}

export class BatonError extends Error {
  override name = "BatonError";
  constructor(
    message: string,
    readonly code: "BATON_INVALID" | "STREAM_EXPIRED",
  ) {
    super(message);
  }
}

export interface StreamRegistryOptions {
  file: string;
  idleTimeoutMs: number;
  busyTimeoutMs: number;
}

// A closed libsql connection keeps its file handles until its statements are garbage-collected, so
// opening one per stream leaks descriptors under load; idle connections are reused instead.
const MAX_IDLE_CONNECTIONS = 16;
// Expired batons are remembered this long to answer "expired" rather than "unknown".
const EXPIRED_BATON_MEMORY_MS = 5 * 60_000;

export class StreamRegistry {
  readonly #options: StreamRegistryOptions;
  readonly #byBaton = new Map<string, Stream>();
  readonly #open = new Set<Stream>();
  readonly #idleConnections: Connection[] = [];
  readonly #expiredBatons = new Map<string, number>();
  #closed = false;

  constructor(options: StreamRegistryOptions) {
    this.#options = options;
  }

  /** Takes the stream a baton points to, or opens one for `null`; the baton is spent either way. */
  acquire(baton: string | null): Stream {
    if (this.#closed) throw new BatonError("The server is shutting down", "BATON_INVALID");
    if (baton === null) {
      const connection =
        this.#idleConnections.pop() ?? new Connection(this.#options.file, this.#options.busyTimeoutMs);
      const stream: Stream = {
        connection,
        sqls: new Map(),
        closed: false,
        idleTimer: undefined,
        busy: undefined,
      };
      this.#open.add(stream);
      return stream;
    }
    const stream = this.#byBaton.get(baton);
    if (stream === undefined) {
      if (this.#expiredBatons.has(baton)) {
        throw new BatonError("The stream has expired due to inactivity", "STREAM_EXPIRED");
      }
      throw new BatonError(
        "The baton is unknown, already used, or belongs to a closed stream",
        "BATON_INVALID",
      );
    }
    this.#byBaton.delete(baton);
    clearTimeout(stream.idleTimer);
    return stream;
  }

  /**
   * Parks the stream after a request and returns the baton for its next one (`null` once closed). With
   * `busyUntil` (a cursor's batch, which never rejects), the baton is valid at once but the next request
   * waits for it, and the idle timeout starts only when it settles.
   */
  release(stream: Stream, busyUntil?: Promise<void>): string | null {
    if (stream.closed) return null;
    const baton = randomBytes(24).toString("base64url");
    this.#byBaton.set(baton, stream);
    const startIdleTimer = () => {
      if (this.#byBaton.get(baton) !== stream) return;
      stream.idleTimer = setTimeout(() => this.#expire(baton), this.#options.idleTimeoutMs).unref();
    };
    if (busyUntil === undefined) {
      startIdleTimer();
    } else {
      stream.busy = busyUntil;
      void busyUntil.then(() => {
        if (stream.busy === busyUntil) stream.busy = undefined;
        startIdleTimer();
      });
    }
    return baton;
  }

  /** Takes the stream like `acquire`, once whatever still runs on it (a cursor) has finished. */
  async acquireIdle(baton: string | null): Promise<Stream> {
    const stream = this.acquire(baton);
    while (stream.busy !== undefined) await stream.busy;
    return stream;
  }

  close(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    clearTimeout(stream.idleTimer);
    this.#open.delete(stream);
    this.#recycle(stream.connection);
  }

  closeAll(): void {
    this.#closed = true;
    for (const stream of this.#open) this.close(stream);
    for (const connection of this.#idleConnections.splice(0)) connection.close();
    this.#byBaton.clear();
    this.#expiredBatons.clear();
  }

  #recycle(connection: Connection): void {
    let reusable = false;
    try {
      reusable = connection.reset();
    } catch {}
    if (reusable && !this.#closed && this.#idleConnections.length < MAX_IDLE_CONNECTIONS) {
      this.#idleConnections.push(connection);
    } else {
      connection.close();
    }
  }

  #expire(baton: string): void {
    const stream = this.#byBaton.get(baton);
    if (stream === undefined) return;
    this.#byBaton.delete(baton);
    this.close(stream);
    const now = Date.now();
    for (const [old, expiredAt] of this.#expiredBatons) {
      if (now - expiredAt < EXPIRED_BATON_MEMORY_MS) break;
      this.#expiredBatons.delete(old);
    }
    this.#expiredBatons.set(baton, now);
  }
}

/**
 * The `file` part of a `multipart/form-data` body, as a stream: an upload goes to the file store as it
 * arrives, never whole in memory (the runtimes' `formData()` reads every part whole first). Parts before
 * it are skipped; what follows it is not read.
 */
import { ApiError } from "../errors.ts";

/** What the `file` part says of itself, and its content. */
export interface FilePart {
  /** Its `filename`, if it has one. */
  filename?: string;
  /** Its Content-Type (application/octet-stream when it has none). */
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/** The most a part's headers, or what comes before the first part, may take. */
const HEAD_LIMIT = 16 * 1024;
/** Parts skipped before the file part, at most, and the bytes each may take. */
const MAX_SKIPPED_PARTS = 20;
const SKIPPED_LIMIT = 64 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const malformed = (why: string) => new ApiError("bad_request", `The multipart body is malformed: ${why}.`);

/** The boundary of a `multipart/form-data` Content-Type, or undefined when it is not one. */
export function multipartBoundary(contentType: string): string | undefined {
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  if (!match)
    throw new ApiError("bad_request", "A multipart/form-data body needs a boundary in its Content-Type.");
  return match[1] ?? match[2];
}

/** Where `needle` first is in `haystack` from `from`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  for (let at = haystack.indexOf(first, from); at >= 0; at = haystack.indexOf(first, at + 1)) {
    if (at + needle.length > haystack.length) return -1;
    let same = true;
    for (let i = 1; i < needle.length && same; i++) same = haystack[at + i] === needle[i];
    if (same) return at;
  }
  return -1;
}

/** A body read chunk by chunk into a buffer that what is consumed leaves. */
class Buffered {
  bytes = new Uint8Array(0);
  private ended = false;
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** Reads one more chunk; false when the body has ended. */
  async more(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.reader.read();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const joined = new Uint8Array(this.bytes.length + next.value.length);
    joined.set(this.bytes);
    joined.set(next.value, this.bytes.length);
    this.bytes = joined;
    return true;
  }

  /** Reads until `needle` is in the buffer within `limit` bytes: answers where, or throws `why`. */
  async find(needle: Uint8Array, limit: number, why: string): Promise<number> {
    for (;;) {
      const at = indexOf(this.bytes, needle);
      if (at >= 0 && at <= limit) return at;
      if (this.bytes.length > limit + needle.length || !(await this.more())) throw malformed(why);
    }
  }

  /**
   * Drops what comes before `needle` and `needle` itself, reading on as needed: throws `why` past `limit`
   * bytes dropped, or at the body's end.
   */
  async skipPast(needle: Uint8Array, limit: number, why: string): Promise<void> {
    let dropped = 0;
    for (;;) {
      const at = indexOf(this.bytes, needle);
      if (at >= 0) {
        this.take(at + needle.length);
        return;
      }
      const safe = this.bytes.length - (needle.length - 1);
      if (safe > 0) dropped += this.take(safe).length;
      if (dropped > limit || !(await this.more())) throw malformed(why);
    }
  }

  take(length: number): Uint8Array {
    const taken = this.bytes.subarray(0, length);
    this.bytes = this.bytes.subarray(length);
    return taken;
  }

  cancel(): void {
    void this.reader.cancel().catch(() => {});
  }

  /**
   * Reads what is left of the body (after the file part: its closing boundary) so that the client is
   * answered rather than cut off, up to `limit` bytes; more than that is cut off.
   */
  async drain(limit: number): Promise<void> {
    let read = 0;
    while (read <= limit && (await this.more().catch(() => false)))
      read += this.take(this.bytes.length).length;
    if (read > limit) this.cancel();
  }
}

/** A part's headers, by lower-case name. */
function headersOf(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A Content-Disposition parameter (`name`, `filename`), quoted or not. */
function dispositionParameter(disposition: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}=(?:"([^"]*)"|([^;\\s]*))`, "i").exec(disposition);
  return match ? (match[1] ?? match[2]) : undefined;
}

const EXTENDED_FILENAME = /;\s*filename\*=utf-8'[^']*'([^;\s]*)/i;

/**
 * A part's file name: its `filename*` (RFC 6266: UTF-8, percent-encoded, which a client sends for a
 * name that is not ASCII) before its `filename`; undefined without either, or with a `filename*` in
 * another charset or not decodable and no `filename`.
 */
function fileNameOf(disposition: string): string | undefined {
  const extended = EXTENDED_FILENAME.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Not percent-encoded UTF-8: the plain `filename`, if any.
    }
  }
  return dispositionParameter(disposition, "filename") || undefined;
}

/**
 * Finds the `file` part of `body` (delimited by `boundary`): 400 when the body is malformed or has no
 * such part. Its stream ends at the part's end, and fails (400) when the body ends inside it.
 */
export async function filePart(body: ReadableStream<Uint8Array>, boundary: string): Promise<FilePart> {
  const input = new Buffered(body.getReader());
  const delimiter = encoder.encode(`--${boundary}`);
  const between = encoder.encode(`\r\n--${boundary}`);
  const headEnd = encoder.encode("\r\n\r\n");
  await input.skipPast(delimiter, HEAD_LIMIT, "no boundary starts it");
  for (let part = 0; part <= MAX_SKIPPED_PARTS; part++) {
    while (input.bytes.length < 2) if (!(await input.more())) throw malformed("it ends after a boundary");
    if (input.bytes[0] === 0x2d && input.bytes[1] === 0x2d) break;
    const headLength = await input.find(headEnd, HEAD_LIMIT, "a part's headers do not end");
    const headers = headersOf(decoder.decode(input.take(headLength + headEnd.length)));
    const disposition = headers.get("content-disposition") ?? "";
    if (dispositionParameter(disposition, "name") === "file") {
      return {
        filename: fileNameOf(disposition),
        contentType: headers.get("content-type") || "application/octet-stream",
        body: partStream(input, between),
      };
    }
    await input.skipPast(between, SKIPPED_LIMIT, "a part before the file is too long, or does not end");
  }
  input.cancel();
  throw new ApiError(
    "bad_request",
    "The multipart body has no `file` part: send the file as the part named file.",
  );
}

/** The content of the part at the start of `input`, up to `between` (the next boundary). */
function partStream(input: Buffered, between: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const end = indexOf(input.bytes, between);
        if (end >= 0) {
          if (end > 0) controller.enqueue(input.take(end));
          controller.close();
          void input.drain(HEAD_LIMIT);
          return;
        }
        // All but what could be the start of the boundary, split across chunks.
        const safe = input.bytes.length - (between.length - 1);
        if (safe > 0) {
          controller.enqueue(input.take(safe));
          return;
        }
        if (!(await input.more())) {
          controller.error(malformed("it ends inside the file part"));
          return;
        }
      }
    },
    cancel() {
      input.cancel();
    },
  });
}

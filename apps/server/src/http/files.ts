import type { Context, Hono } from "hono";
import { isFileName } from "../domain/file-names.ts";
import { allows, scopeText } from "../domain/scopes.ts";
import { ApiError } from "../errors.ts";
import {
  discardUpload,
  openFile,
  type ReceivedUpload,
  receiveUpload,
  recordUpload,
  type UploadInput,
  uploadLocation,
  uploadTooLarge,
} from "../services/files.ts";
import { answer } from "./answer.ts";
import { allowMethods, refuseIfMatchOnCreate } from "./crud.ts";
import type { AppEnv } from "./env.ts";
import type { idempotent } from "./idempotency.ts";
import { refuseOtherMethods } from "./methods.ts";
import { type Guard, requestHeader } from "./middleware.ts";
import { filePart, multipartBoundary } from "./multipart.ts";
import { declareScope, missingScope } from "./scopes.ts";

/** The scope group of uploaded files: they are what data imports read (and an export's CSV or JSON). */
export const UPLOADS_GROUP = "inventory";

/**
 * Files: `GET /files/{id}/{name}` downloads one of the company's (a label, an export, an upload), and
 * `POST /files.json` uploads one. Same auth as the API. The upload's body is not the API's JSON body:
 * it is read here, as a stream, within `FILES_UPLOAD_LIMIT_MB` (not `BODY_LIMIT`).
 */
export function registerFileRoutes(
  app: Hono<AppEnv>,
  guard: Guard,
  keyed: ReturnType<typeof idempotent>,
): void {
  app.get(
    "/files/:id{[0-9]{1,15}}/:name",
    guard.read(async (c) => {
      const file = await openFile({ ctx: c.get("ctx"), id: Number(c.req.param("id")) });
      if (file.name !== c.req.param("name")) {
        await file.body.cancel();
        throw new ApiError("not_found", "No file with that name.");
      }
      // An upload, a feed's file and an export are the inventory group's, a label (PDF) the shipping group's.
      const group = file.received || file.contentType !== "application/pdf" ? UPLOADS_GROUP : "shipping";
      const access = c.get("actor").access;
      if (access && !allows(access, group, 1)) {
        await file.body.cancel();
        throw missingScope(scopeText(group, 1));
      }
      const disposition = dispositionOf(file.name);
      return answer(c, file.body, 200, {
        "Content-Type": file.contentType,
        "Content-Length": String(file.byteSize),
        // What came from outside (an upload, a feed's file), or any file of a type the service does not
        // write itself, is never shown as a page of the API's origin (an HTML file, say).
        ...(file.received || !OWN_TYPE.test(file.contentType)
          ? {
              "Content-Disposition": `attachment; ${disposition}`,
              "Content-Security-Policy": "sandbox",
            }
          : { "Content-Disposition": `inline; ${disposition}` }),
        "Cache-Control": "private, max-age=3600",
      });
    }),
  );
  refuseOtherMethods(app, "/files/:id{[0-9]{1,15}}/:name", ["GET"], guard.read);
  allowMethods("/files.json", ["POST"]);
  declareScope("POST", "/files.json", UPLOADS_GROUP, 2);
  // The body is read as it streams to the file store, so the route is admitted as a read is (no body
  // read ahead) and checks its write scope itself; a read-only key is refused at admission (a POST).
  app.post(
    "/files.json",
    guard.read(async (c) => {
      const ctx = c.get("ctx");
      const access = c.get("actor").access;
      if (access && !allows(access, UPLOADS_GROUP, 2)) throw missingScope(scopeText(UPLOADS_GROUP, 2));
      refuseIfMatchOnCreate(c);
      const received = await receiveUpload({ ctx, input: await uploadOf(c) });
      return recordedOnce(c, keyed, received);
    }),
  );
}

/**
 * Records a received upload under its Idempotency-Key, if it has one: the key's fingerprint is the
 * file's name, type and checksum (its body was streamed, not kept). A retry of a recorded upload gets the
 * first answer, and the body it sent again is deleted.
 */
async function recordedOnce(
  c: Context<AppEnv>,
  keyed: ReturnType<typeof idempotent>,
  received: ReceivedUpload,
): Promise<Response> {
  const ctx = c.get("ctx");
  const { name, contentType, byteSize, checksum } = received;
  c.set("body", { name, contentType, byteSize, checksum });
  let recorded = false;
  try {
    const response = await keyed(c, async () => {
      recorded = true;
      const file = await recordUpload({ ctx, key: c.get("idempotencyKey"), input: received });
      return answer(c, JSON.stringify(file), 201, {
        "Content-Type": "application/json",
        Location: uploadLocation(ctx, file),
      });
    });
    if (!recorded) await discardUpload(ctx, received);
    return response;
  } catch (error) {
    if (!recorded) await discardUpload(ctx, received);
    throw error;
  }
}

/**
 * A name as RFC 8187 writes a value (`filename*`): UTF-8, every byte but its attr-chars percent-encoded
 * (`encodeURIComponent` leaves `'`, `(`, `)` and `*` as they are, which it does not allow).
 */
function attrValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The types of the files the service writes itself (labels, exports, files of failed rows): shown inline. */
const OWN_TYPE = /^(application\/pdf|application\/json|text\/csv)\s*(;|$)/i;

/**
 * A Content-Disposition's file name parameters (RFC 6266): the name in ASCII (what is not printable ASCII,
 * a quote or a backslash made `_`), and as UTF-8 for the clients that read it (a header's value is
 * Latin-1 at most: a name in another script would not go into it as it is).
 */
function dispositionOf(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return ascii === name ? `filename="${name}"` : `filename="${ascii}"; filename*=UTF-8''${attrValue(name)}`;
}

/** The most a multipart body may carry besides its file (boundaries, part headers, small fields). */
const MULTIPART_OVERHEAD = 64 * 1024;
/** A media type, `type/subtype`, without its parameters. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The media type of a Content-Type (lower case, parameters dropped), or undefined when it is not one. */
function mediaType(contentType: string): string | undefined {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : undefined;
}

/**
 * What an upload request sends: a raw body (its Content-Type the file's, its name in `?name=`), or a
 * multipart/form-data body with a `file` part (its name `?name=` or the part's filename). 400 without a
 * usable name or body, 415 without a Content-Type, 413 when its Content-Length is over the limit.
 */
async function uploadOf(c: Context<AppEnv>): Promise<UploadInput> {
  const limit = c.get("ctx").files.uploadLimitBytes;
  const header = requestHeader(c, "content-type");
  if (!header) {
    throw new ApiError(
      "unsupported_media_type",
      "Send the file with its Content-Type (text/csv, application/json, ...), or as multipart/form-data with a `file` part.",
    );
  }
  const length = requestHeader(c, "content-length");
  const claimed = length !== undefined && /^\d{1,15}$/.test(length) ? Number(length) : undefined;
  const body = c.req.raw.body;
  if (!body || claimed === 0) throw new ApiError("bad_request", "The upload has no body: send the file.");
  const boundary = multipartBoundary(header);
  if (boundary === undefined) {
    const contentType = mediaType(header);
    if (!contentType)
      throw new ApiError(
        "unsupported_media_type",
        `${JSON.stringify(header.slice(0, 100))} is not a media type.`,
      );
    return { name: nameOf(c.req.query("name")), contentType, body, claimedBytes: claimed };
  }
  if (claimed !== undefined && claimed > limit + MULTIPART_OVERHEAD) {
    throw uploadTooLarge(limit);
  }
  const part = await filePart(body, boundary);
  const name = nameOf(c.req.query("name") ?? part.filename);
  return { name, contentType: mediaType(part.contentType) ?? "application/octet-stream", body: part.body };
}

/** The file's name as sent: 400 when there is none or it is not a file's name. */
function nameOf(name: string | undefined): string {
  if (name === undefined || name === "") {
    throw new ApiError(
      "bad_request",
      "Name the file: `?name=stock.csv` (or a multipart `file` part with a filename).",
    );
  }
  if (!isFileName(name)) {
    throw new ApiError(
      "bad_request",
      "The file's name must be 1 to 200 characters, with no slash, backslash or control character, and not `.` or `..`.",
    );
  }
  return name;
}

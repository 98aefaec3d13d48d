/**
 * The OpenAPI paths and schema of the company's files: uploading one (`POST /files.json`) and reading
 * one back (`GET /files/{id}/{name}`, the URL labels, exports and uploads answer). Routes of the server,
 * not kinds of the manifest.
 */

type Json = Record<string, unknown>;

const problems = (codes: string[]): Json =>
  Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/responses/Problem${code}` }]));

/** What an upload answers. */
const STORED_FILE: Json = {
  type: "object",
  description: "A file of your company, kept `FILES_KEEP_DAYS` days (90 unless the operator says otherwise).",
  required: ["id", "url", "name", "contentType", "byteSize"],
  properties: {
    id: { type: "integer", minimum: 1 },
    url: {
      type: "string",
      description:
        "Where the file is read back (`GET /files/{id}/{name}`, with a token of your company), and what a data import's `fileUrl` takes.",
    },
    name: { type: "string" },
    contentType: { type: "string", description: "The media type it was sent with." },
    byteSize: { type: "integer", minimum: 0 },
  },
  additionalProperties: false,
};

const UPLOAD_SAMPLE = `import { createClient } from "@multichannel/client";
import { readFile } from "node:fs/promises";

const client = createClient({ baseUrl: "http://127.0.0.1:8787", token: process.env.MCS_TOKEN! });
const file = await client.files.upload({
  name: "stock.csv",
  contentType: "text/csv",
  body: await readFile("stock.csv"),
});
console.log(file.url);
`;

/** The schemas these paths name, added to the document's. */
export const fileSchemas: Record<string, Json> = { StoredFile: STORED_FILE };

/** The files' paths. */
export function filePaths(): Record<string, Json> {
  const tags = ["inventory"];
  return {
    "/files.json": {
      post: {
        operationId: "uploadFile",
        summary: "Upload a file",
        description:
          "Stores a file for your company, e.g. a CSV or JSON file for a data import. Send it as the raw body, with its `Content-Type` and its name in `?name=`, or as `multipart/form-data` with a part named `file` (its filename is the name unless `?name=` says otherwise). The body streams to the file store; `BODY_LIMIT` does not apply, `FILES_UPLOAD_LIMIT_MB` (50 unless the operator says otherwise) does: 413 when the `Content-Length` says more, before anything is read, or when the body turns out longer. 409 when the file would take the company over its quota of files (`FILES_QUOTA_MB`). Needs `inventory:write`; the file is read back with `inventory:read`. An `Idempotency-Key` is honoured: the same name, type and content under the same key answers the first upload, with its `Location`. An `If-Match` is a 412: there is no current file for it to match.",
        tags,
        parameters: [
          {
            name: "name",
            in: "query",
            required: false,
            description:
              "The file's name (1 to 200 characters, no slash, backslash or control character, not `.` or `..`): required for a raw body.",
            schema: { type: "string", minLength: 1, maxLength: 200 },
          },
        ],
        requestBody: {
          required: true,
          content: {
            "application/octet-stream": { schema: { type: "string", format: "binary" } },
            "text/csv": { schema: { type: "string", format: "binary" } },
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["file"],
                properties: { file: { type: "string", format: "binary" } },
              },
            },
          },
        },
        "x-writes": true,
        "x-codeSamples": [{ lang: "TypeScript", label: "@multichannel/client", source: UPLOAD_SAMPLE }],
        responses: {
          "201": {
            description: "The file, stored.",
            headers: { Location: { schema: { type: "string" } } },
            content: { "application/json": { schema: { $ref: "#/components/schemas/StoredFile" } } },
          },
          ...problems(["400", "401", "403", "409", "412", "413", "415", "422", "429", "500", "503"]),
        },
      },
    },
    "/files/{id}/{name}": {
      get: {
        operationId: "readFile",
        summary: "Read a file",
        description:
          "One of your company's files, as it was stored: a label (PDF, `shipping:read`), an export or an upload (`inventory:read`). Another company's file, or one past its keeping time, is a 404. An uploaded file is answered as an attachment.",
        tags,
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "integer", format: "int64", minimum: 1 },
          },
          { name: "name", in: "path", required: true, schema: { type: "string" } },
        ],
        responses: {
          "200": {
            description: "The file's content, with its Content-Type.",
            content: { "*/*": { schema: { type: "string", format: "binary" } } },
          },
          ...problems(["400", "401", "403", "404", "429", "500", "503"]),
        },
      },
    },
  };
}

/**
 * Secret fields on the way in and out of a create or update (`FieldDef.secret`): a credential sent is
 * sealed before the write sees it (written as `v1:<n><hint>:...`, which the kind's triggers take out of
 * the record); a hint sent back as read keeps what is stored; a secret the server makes (an inbound
 * webhook's hash, a callout signing secret) is made on create, whatever was sent, and put in the create
 * answer this once. The write path itself only ever holds sealed values.
 */
import { type FieldDef, fieldSchema, type KindDef, kinds } from "@multichannel/schema";
import type { Context } from "hono";
import * as v from "valibot";
import { INBOUND_SECRETS } from "../db/secret-sql.ts";
import { isHint, type Keyring, newInboundSecret, newSigningSecret, written } from "../domain/secrets.ts";
import { fieldErrors } from "../errors.ts";
import type { AppEnv } from "./env.ts";
import { routedPath } from "./middleware.ts";
import { isFields, validationError } from "./validate.ts";

interface SecretField {
  field: string;
  def: FieldDef;
  /** The field's bounds as a plain value (the validator also takes the sealed form). */
  plain: v.GenericSchema;
}

/** The kinds with secret fields, by plural. */
const withSecrets = new Map<string, { kind: KindDef; fields: SecretField[] }>(
  kinds.flatMap((kind) => {
    const fields = Object.entries(kind.fields)
      .filter(([, def]) => def.secret)
      .map(([field, def]) => ({ field, def, plain: fieldSchema({ ...def, secret: undefined }) }));
    return fields.length ? [[kind.plural, { kind, fields }] as const] : [];
  }),
);

/** The secrets a create made, for its answer. */
export type MadeSecrets = Record<string, string>;

/** The plain secret the server makes for a field. */
function made(field: string): string {
  return field === "signingSecret" ? newSigningSecret() : newInboundSecret();
}

/**
 * Seals the secret fields of a create (`POST /<plural>.json`) or update (`PUT /<plural>/{id}.json`)
 * body in place; answers the secrets a create made. A credential that is not a valid value of its field
 * is the 422 that names it; a body that is no object is left to the route's validation. Any other
 * write answers undefined at once (no promise on the path of every write).
 */
export function sealSecrets(
  c: Context<AppEnv>,
  mount: string,
  keyring: Promise<Keyring>,
): Promise<MadeSecrets | undefined> | undefined {
  const method = c.req.method;
  if (method !== "POST" && method !== "PUT") return undefined;
  const [plural, item, ...more] = routedPath(c)
    .slice(mount.length + 1)
    .split("/");
  const creating = method === "POST" && item === undefined && plural!.endsWith(".json");
  const updating = method === "PUT" && item?.endsWith(".json") === true && !more.length;
  if (!creating && !updating) return undefined;
  const found = withSecrets.get(creating ? plural!.slice(0, -".json".length) : plural!);
  const body = c.get("body");
  if (!found || !isFields(body)) return undefined;
  return sealBody(c, found, body, creating, keyring);
}

async function sealBody(
  c: Context<AppEnv>,
  found: { kind: KindDef; fields: SecretField[] },
  body: Record<string, unknown>,
  creating: boolean,
  keyring: Promise<Keyring>,
): Promise<MadeSecrets | undefined> {
  const ring = await keyring;
  const companyId = c.get("actor").companyId;
  const madeNow: MadeSecrets = {};
  for (const { field, def, plain } of found.fields) {
    const place = { companyId, kind: found.kind.name, field };
    const inbound = INBOUND_SECRETS[found.kind.name] === field;
    if (def.secret === "serverMade") {
      // Made here, whatever was sent (the reference lets clients choose it: not this service).
      delete body[field];
      if (!creating) continue;
      madeNow[field] = made(field);
      body[field] = await written(ring, place, madeNow[field], inbound);
      continue;
    }
    const value = body[field];
    if (typeof value !== "string") continue;
    if (isHint(value)) {
      delete body[field];
      continue;
    }
    const checked = v.safeParse(plain, value, { abortPipeEarly: true });
    if (!checked.success) {
      throw validationError(fieldErrors(checked.issues).map((error) => ({ ...error, path: field })));
    }
    body[field] = await written(ring, place, value);
  }
  return Object.keys(madeNow).length ? madeNow : undefined;
}

/** A create's answer with the secrets it made, this once (a replay keeps the hints it stored). */
export async function withMadeSecrets(
  response: Response,
  secrets: MadeSecrets | undefined,
): Promise<Response> {
  if (!secrets || response.status !== 200 || response.headers.get("Idempotent-Replayed")) return response;
  const record: Record<string, unknown> = await response.json();
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(JSON.stringify({ ...record, ...secrets }), { status: 200, headers });
}

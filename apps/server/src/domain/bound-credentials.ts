/**
 * A credential the service sends when it calls out (an inventory feed's login, sent with each fetch of
 * its `url`) is bound to where it was given for: an update that points a URL the server calls
 * (`FieldDef.called`) at another origin clears each write-only credential of the record that it does not
 * send again. Else a key that may edit the record, though it may never read the credential, could have
 * the server send it to a host of its own. (Browsers drop a request's credentials on a redirect to
 * another origin for the same reason.)
 */
import { type KindDef, kinds } from "@multichannel/schema";
import { ApiError } from "../errors.ts";

interface Binding {
  /** The fields holding URLs the server calls. */
  readonly urls: readonly string[];
  /** The write-only credentials (`secret: "writeOnly"`). */
  readonly credentials: readonly string[];
  /** Of those, the ones the record cannot be without (`required`): sent again, or the move is a 422. */
  readonly required: readonly string[];
}

/** The kinds with both, by name. */
const bindings = new Map<string, Binding>(
  kinds.flatMap((kind) => {
    const fields = Object.entries(kind.fields);
    const urls = fields.filter(([, def]) => def.called).map(([name]) => name);
    const credentials = fields.filter(([, def]) => def.secret === "writeOnly").map(([name]) => name);
    const required = credentials.filter((name) => kind.fields[name]!.required);
    return urls.length && credentials.length ? [[kind.name, { urls, credentials, required }] as const] : [];
  }),
);

/** Whether an update sending `values` may move a credential of `kind` (its record must then be read). */
export function movesCalledUrl(kind: KindDef, values: Readonly<Record<string, unknown>>): boolean {
  return bindings.get(kind.name)?.urls.some((field) => values[field] != null) ?? false;
}

/**
 * The update's values, with each credential not sent set to null when a URL the server calls moves to
 * another origin than `current`'s (a URL set where there was none moves too: the credential was given
 * for no place). A URL cleared takes nothing: it is called no more. A credential the record cannot be
 * without is not cleared: the move is a 422 naming it, to be sent again with the URL.
 */
export function withCredentialsBound<V extends Record<string, unknown>>(
  kind: KindDef,
  current: Readonly<Record<string, unknown>>,
  values: V,
): V {
  const binding = bindings.get(kind.name);
  if (!binding) return values;
  const moved = binding.urls.some((field) => {
    const next = values[field];
    return typeof next === "string" && originOf(next) !== originOf(current[field]);
  });
  if (!moved) return values;
  const unsent = binding.required.filter((field) => !(field in values));
  if (unsent.length) {
    throw new ApiError(
      "validation_failed",
      "Send the credentials again with a URL moved to another origin.",
      {
        errors: unsent.map((path) => ({
          path,
          message:
            "is required again: a URL the server calls moves to another origin, and it was given for the one before",
        })),
      },
    );
  }
  const bound: Record<string, unknown> = { ...values };
  for (const field of binding.credentials) if (!(field in values)) bound[field] = null;
  return bound as V;
}

/** A URL's origin (scheme, host and port, as the WHATWG parser writes them); none for no URL. */
function originOf(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

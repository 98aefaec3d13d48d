// pnpm token:create --company <name> [--scope <scope>]... [--read-only] [--label <name>] [--expires <ISO time>] [--dev | --node]
// Creates the company if it is new and an API key for it, in the database of the mode in use:
//   DATABASE_URL when set (a file, a libSQL server, Turso);
//   --dev, or `pnpm dev` running: .data/dev.db, which the Worker reads through the local libSQL server;
//   otherwise (--node): .data/multichannel.db, the embedded database of `pnpm start` and `pnpm start:deno`.
// Scopes: `*:write` (the default), `*:read` (--read-only), `<group>:read`, `<group>:write`, repeatable.
// Says which database it wrote to; the token is the last line of stdout.
import { apiKeyScopes } from "@multichannel/schema";
import * as v from "valibot";
import { isDateTime, nameSchema } from "../src/http/api-keys.ts";
import { createToken } from "../src/services/auth.ts";
import { commandLine, openTokenDb, TARGET_OPTIONS } from "./token-db.ts";

const USAGE =
  "Usage: npx -y pnpm@10.34.8 token:create --company <name> [--scope <scope>]... [--read-only] [--label <name>] [--expires <ISO time>] [--dev | --node]";

const { values } = commandLine(
  {
    options: {
      company: { type: "string" },
      scope: { type: "string", multiple: true },
      "read-only": { type: "boolean", default: false },
      label: { type: "string" },
      expires: { type: "string" },
      ...TARGET_OPTIONS,
    },
  },
  USAGE,
);
const company = values.company?.trim();
const scopes = values.scope ?? [];
const fail = (message: string) => {
  console.error(message);
  process.exit(2);
};
if (!company || (values.dev && values.node)) fail(USAGE);
if (values["read-only"] && scopes.length)
  fail("--read-only is the scope *:read: give it or --scope, not both.");
for (const scope of scopes) {
  if (!apiKeyScopes.includes(scope))
    fail(`"${scope}" is not a scope; the scopes are: ${apiKeyScopes.join(", ")}.`);
}
// The label and expiry as the API checks a key's `name` and `expiresAt`.
const label = values.label === undefined ? undefined : v.safeParse(nameSchema, values.label);
if (label && !label.success) fail("--label must be 1 to 200 characters of text.");
const expires = values.expires === undefined ? undefined : new Date(values.expires);
if (expires && (!isDateTime(values.expires!) || expires.getTime() <= Date.now())) {
  fail(`--expires "${values.expires}" is not an ISO 8601 time in the future.`);
}

const { db, description } = await openTokenDb({ dev: values.dev, node: values.node });
try {
  const { token, companyId, key } = await createToken({
    db,
    input: {
      company: company!,
      readOnly: values["read-only"],
      label: label?.success ? label.output : undefined,
      scopes,
      expiresAt: expires?.toISOString(),
    },
  });
  console.log(`Wrote to ${description}.`);
  const scopeWords = key.scopes.join(" ");
  const kind =
    scopeWords === "*:write" ? "" : scopeWords === "*:read" ? ", read-only" : `, scopes ${scopeWords}`;
  console.log(`Token for company "${company}" (id ${companyId})${kind}:`);
  console.log(
    `(API key ${key.id} "${key.name}"${key.expiresAt ? `, expires ${key.expiresAt}` : ""}: list keys with token:list, revoke with token:revoke ${key.id})`,
  );
  console.log(token);
} finally {
  db.close();
}

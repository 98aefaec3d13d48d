// `qs`'s parser alone (its module `lib/parse.js`): the server reads query strings and never writes one, so
// the Worker bundles no `stringify` (about 2 KiB gzip). Typed as the package types `parse`.
declare module "qs/lib/parse.js" {
  import type { parse } from "qs";

  const parseQuery: typeof parse;
  export default parseQuery;
}

// The Worker build's stand-in for `pako` (wrangler.jsonc `alias`). pdf-lib compresses a PDF's streams
// with `pako.deflate`, and the fonts' metrics are unpacked with `pako.inflate` (`standard-fonts.ts`):
// zlib data both ways, which fflate writes and reads too, in a fifth of the bundle (about 4.5 KiB
// gzip against 15). The Node server keeps pako itself.
import { unzlibSync, zlibSync } from "fflate";

/** zlib-wrapped deflate of `data`, as `pako.deflate` makes it (level 6). */
function deflate(data: Uint8Array): Uint8Array {
  return zlibSync(data, { level: 6 });
}

/** The bytes of zlib-wrapped deflate data, as `pako.inflate` answers them. */
function inflate(data: Uint8Array): Uint8Array {
  return unzlibSync(data);
}

export default { deflate, inflate };

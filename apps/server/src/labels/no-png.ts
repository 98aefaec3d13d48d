// The Worker build's stand-in for `@pdf-lib/upng` (wrangler.jsonc `alias`). pdf-lib decodes PNG images
// with it for `embedPng` only; labels draw text and a barcode, never an image, and the decoder adds
// about 8 KiB gzip to the Worker. A PNG reaching it is a programming error, said as such.
function unsupported(): never {
  throw new Error("PNG images are not supported in the Worker build: labels embed none.");
}

export default { decode: unsupported, toRGBA8: unsupported };

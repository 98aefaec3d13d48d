// The WinAnsi table the Worker build writes (scripts/worker-encoding.ts; wrangler.jsonc `alias`):
// each Unicode code point it encodes → its code in the encoding and its glyph's name.
declare module "worker-win-ansi" {
  const mappings: Record<string, [number, string]>;
  export default mappings;
}

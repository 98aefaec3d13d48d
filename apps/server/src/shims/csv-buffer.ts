// What csv-stringify's module build asks of Node's `Buffer`, for the Worker (see csv-stringify.ts):
// whether an option or a value is a Buffer (nothing in a Worker is one), and the UTF-8 byte order mark
// it keeps at load and writes first with its `bom` option, which is joined into the text it answers
// (a Buffer joined into text is its UTF-8 text).

// The byte order mark is the text wanted here, not a marker for the decoder to drop.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

Reflect.defineProperty(globalThis, "WORKER_CSV_BUFFER", {
  value: {
    isBuffer: (_value: unknown) => false,
    from: (bytes: readonly number[]) => decoder.decode(Uint8Array.from(bytes)),
  },
});

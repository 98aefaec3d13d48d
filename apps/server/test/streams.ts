/** `text` as a stream of its UTF-8 bytes in pieces of `size` (a body sent chunked, a file downloaded). */
export function streamOf(text: string, size = 1000): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

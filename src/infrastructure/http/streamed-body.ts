// A body read into the request's sink (HttpRequest.bodySink) instead of a buffer: chunk by chunk,
// stopped — the download cancelled — as soon as the sink has enough or the byte cap is reached.
// Neither stop is an error: a page reader wants the head of a page, not all of it.
import type { BodySink } from '../../application/ports/http.port.js';

/** Pushes the body to `sink` up to `maxBytes`; true when reading stopped before the body's end. */
export async function streamInto(response: Response, sink: BodySink, maxBytes: number): Promise<boolean> {
  if (!response.body) return false;
  const reader = response.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      // The last chunk is cut at the cap: the sink never sees a byte past it.
      const room = maxBytes - total;
      const chunk = value.byteLength > room ? value.subarray(0, room) : value;
      total += chunk.byteLength;
      const said = chunk.byteLength > 0 ? sink.push(chunk) : 'more';
      if (said === 'enough' || total >= maxBytes) {
        await reader.cancel().catch(() => undefined);
        return true;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

// A fetch that sends a request through a proxy's pool (ProxyAgent; CONNECT for https targets).
// undici's own fetch and ProxyAgent are used together: handing undici's agent to Node's bundled
// fetch breaks whenever the two undici versions differ.
import { ProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';

/** `proxy`: a proxy URL (its own pool is made) or a pool from ProxyPool. */
export function proxiedFetch(proxy: string | Dispatcher): typeof globalThis.fetch {
  const dispatcher = typeof proxy === 'string' ? new ProxyAgent(proxy) : proxy;
  return async (input, init) => {
    // ky hands over a Request of the global fetch; undici's fetch wants its parts, not the object.
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.arrayBuffer() : undefined;
    const response = await undiciFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      body,
      redirect: 'manual',
      // The caller's own signal when it passes one (ky.http.ts does): a Request's signal follows it
      // only through a WeakRef that a garbage collection breaks (nodejs/undici#4068).
      signal: init?.signal ?? request.signal,
      dispatcher,
    });
    return response as unknown as Response;
  };
}

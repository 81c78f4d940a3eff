// UPSTREAM_PROXY: a fetch that sends every upstream request through an HTTP(S) proxy (CONNECT for
// https targets). undici's own fetch and ProxyAgent are used together: handing undici's agent to
// Node's bundled fetch breaks whenever the two undici versions differ.
import { ProxyAgent, fetch as undiciFetch } from 'undici';

export function proxiedFetch(proxyUrl: string): typeof globalThis.fetch {
  const dispatcher = new ProxyAgent(proxyUrl);
  return async (input, init) => {
    // ky hands over a Request of the global fetch; undici's fetch wants its parts, not the object.
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.arrayBuffer() : undefined;
    const response = await undiciFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      body,
      redirect: 'manual',
      signal: request.signal,
      dispatcher,
    });
    return response as unknown as Response;
  };
}

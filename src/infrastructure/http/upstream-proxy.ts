// UPSTREAM_PROXY: a fetch that sends every upstream request through an HTTP(S) proxy (CONNECT for
// https targets). undici's own fetch and ProxyAgent are used together: handing undici's agent to
// Node's bundled fetch breaks whenever the two undici versions differ.
// The live client's address guard has checked the target (allowlist, https, every address the name
// resolves to here) before this fetch is called. The proxy then resolves the name itself, so the
// guard cannot pin the address it checked: a name that changes its answer between the two lookups
// is the proxy's egress policy to stop. The proxy's own address is the operator's and is not checked.
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
      // The caller's own signal when it passes one (ky.http.ts does): a Request's signal follows it
      // only through a WeakRef that a garbage collection breaks (nodejs/undici#4068).
      signal: init?.signal ?? request.signal,
      dispatcher,
    });
    return response as unknown as Response;
  };
}

// The cookies of a session as a browser keeps them (docs/design.md §9 "Refreshed"): a request made with a
// session (the resolve's grant) that its adapter gave a Cookie header carries the session's cookies
// the jar sends to that URL (domain, path, expiry), and every answer hands its `set-cookie` lines
// and its URL to that session, which keeps them only from the platform's own hosts. In memory
// only: the credentials file is never written.
import type { GrantInUse } from '../../application/access/access-scope.js';
import type { HttpClient, HttpRequest, HttpResponse } from '../../application/ports/http.port.js';

export class SessionCookiesHttpClient implements HttpClient {
  constructor(
    private readonly inner: HttpClient,
    private readonly grants: GrantInUse,
  ) {}

  async request(request: HttpRequest): Promise<HttpResponse> {
    const session = this.grants.grant()?.session;
    const given = request.headers?.['cookie'];
    const response = await this.inner.request(session && given !== undefined ? withCookie(request, session.cookieHeader(request.url, given)) : request);
    const setCookie = response.headers['set-cookie'];
    if (session && setCookie) session.refresh(setCookie, response.url);
    return response;
  }
}

/** The request with `cookie` as its Cookie header, or none when nothing is left to send. */
function withCookie(request: HttpRequest, cookie: string): HttpRequest {
  const { cookie: _given, ...others } = request.headers ?? {};
  return { ...request, headers: cookie ? { ...others, cookie } : others };
}

// The cookies a platform sets for a session are kept for that session's next requests (DESIGN §9
// "Refreshed"), as a browser keeps them: every answer to a request made with a session (the
// resolve's grant) hands its `set-cookie` lines to that session. In memory only: the credentials
// file is never written.
import type { GrantInUse } from '../../application/access/access-scope.js';
import type { HttpClient, HttpRequest, HttpResponse } from '../../application/ports/http.port.js';
import type { Clock } from '../../application/ports/clock.port.js';

export class SessionCookiesHttpClient implements HttpClient {
  constructor(
    private readonly inner: HttpClient,
    private readonly grants: GrantInUse,
    private readonly clock: Clock,
  ) {}

  async request(request: HttpRequest): Promise<HttpResponse> {
    const response = await this.inner.request(request);
    const setCookie = response.headers['set-cookie'];
    const session = setCookie ? this.grants.grant()?.session : undefined;
    if (session && setCookie) session.refresh(setCookie, this.clock.now());
    return response;
  }
}

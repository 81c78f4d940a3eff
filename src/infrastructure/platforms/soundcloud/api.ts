// SoundCloud's web-app API (api-v2) as the adapter calls it: every call carries the app's public
// client id, which this client reads once (client-id.ts), keeps for as long as it is accepted, and
// reads again when the API answers 401 or 403 with the one it kept. One client per adapter
// instance: the id is that instance's state, never the module's.
import type { HttpResponse } from '../../../application/ports/http.port.js';
import type { Reason } from '../../../domain/reasons.js';
import type { Upstream } from '../kit/upstream.js';
import { readClientId } from './client-id.js';

export class SoundcloudApi {
  /** The client id the API last accepted (or was last read); never logged, never in a card. */
  #clientId: string | undefined;

  constructor(private readonly upstream: Upstream) {}

  /**
   * GET `url` with `query` and the client id, asking for JSON. A 401/403 to a kept id reads the id
   * afresh and asks once more; a refusal of a fresh id is the answer (SoundCloud refusing this
   * client, not the id). The reason comes back when the id could not be read.
   */
  async getJson(url: string, query: Readonly<Record<string, string>>, signal: AbortSignal): Promise<HttpResponse | { reason: Reason }> {
    const kept = this.#clientId !== undefined;
    const response = await this.ask(url, query, signal);
    if ('reason' in response || !kept || (response.status !== 401 && response.status !== 403)) return response;
    this.#clientId = undefined;
    return this.ask(url, query, signal);
  }

  private async ask(url: string, query: Readonly<Record<string, string>>, signal: AbortSignal): Promise<HttpResponse | { reason: Reason }> {
    if (this.#clientId === undefined) {
      const read = await readClientId(this.upstream, signal);
      if ('reason' in read) return read;
      this.#clientId = read.id;
    }
    const search = new URLSearchParams({ ...query, client_id: this.#clientId });
    return this.upstream.getJson(`${url}?${search.toString()}`, signal);
  }
}

// NodeInfo over the HTTP port (docs/design.md §3): `GET https://{host}/.well-known/nodeinfo`, then the
// highest 2.x schema document it links, which must be on the same host; each request bound to that
// host alone (a redirect elsewhere is refused by the port), https, public addresses only (the
// port's guard), 64 KB at most each.
import type { HttpClient, HttpResponse } from '../../../application/ports/http.port.js';
import type { NodeInfoReader } from '../../../application/ports/nodeinfo.port.js';
import { asObject, objectsOf, parseJson } from '../kit/json.js';
import { nonEmpty } from '../kit/text.js';

export const NODEINFO_MAX_BYTES = 64 * 1024;
const SCHEMA = /^https?:\/\/nodeinfo\.diaspora\.software\/ns\/schema\/2\.(\d)$/;

export class NodeInfoHttpReader implements NodeInfoReader {
  constructor(private readonly http: HttpClient) {}

  async softwareOf(host: string, signal: AbortSignal): Promise<string | undefined> {
    const index = await this.get(`https://${host}/.well-known/nodeinfo`, host, signal);
    const href = index === undefined ? undefined : documentHref(index, host);
    if (!href) return undefined;
    const document = await this.get(href, host, signal);
    return document ? softwareName(document) : undefined;
  }

  private async get(url: string, host: string, signal: AbortSignal): Promise<unknown> {
    const response: HttpResponse = await this.http.request({ url, headers: { accept: 'application/json' }, allowedHosts: [host], signal, maxBytes: NODEINFO_MAX_BYTES });
    return response.status === 200 ? parseJson(response.text()) : undefined;
  }
}

/** The link to the highest 2.x document the index names, when it is https on `host` itself. */
export function documentHref(index: unknown, host: string): string | undefined {
  const links = objectsOf(asObject(index)?.['links'])
    .map((link) => ({ minor: Number(SCHEMA.exec(String(link?.['rel']))?.[1]), href: nonEmpty(link?.['href']) }))
    .filter((link): link is { minor: number; href: string } => Number.isInteger(link.minor) && link.href !== undefined)
    .sort((a, b) => b.minor - a.minor);
  const href = links[0]?.href;
  if (!href || !URL.canParse(href)) return undefined;
  const url = new URL(href);
  return url.protocol === 'https:' && url.host === host ? url.href : undefined;
}

export function softwareName(document: unknown): string | undefined {
  return nonEmpty(asObject(asObject(document)?.['software'])?.['name']);
}

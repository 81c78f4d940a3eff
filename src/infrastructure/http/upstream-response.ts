// The HttpResponse both HTTP adapters hand out.
import { UpstreamError } from '../../application/errors.js';
import type { HttpResponse } from '../../application/ports/http.port.js';

export function upstreamResponse(status: number, url: string, headers: Record<string, string>, body: Buffer): HttpResponse {
  return {
    status,
    url,
    headers,
    body,
    text: () => body.toString('utf8'),
    json: () => {
      try {
        return JSON.parse(body.toString('utf8')) as unknown;
      } catch (error) {
        throw new UpstreamError('UPSTREAM_BAD_RESPONSE', `${new URL(url).host} answered ${status} with a body that is not JSON`, { cause: error });
      }
    },
  };
}

/** Flattens headers: repeated values joined with ", ", set-cookie lines with "\n". */
export function flattenHeaders(entries: Iterable<[string, string | string[]]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [rawName, value] of entries) {
    const name = rawName.toLowerCase();
    const joiner = name === 'set-cookie' ? '\n' : ', ';
    const text = Array.isArray(value) ? value.join(joiner) : value;
    out[name] = out[name] === undefined ? text : `${out[name]}${joiner}${text}`;
  }
  return out;
}

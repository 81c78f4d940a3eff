// Query parameters that carry a credential (tokens, signatures, API keys, client ids, sessions):
// one list for the recorder, which leaves them out of a written fixture, and for replay, whose
// unmatched-request log line shows the rest of the query (needed to record the missing exchange).

const SECRET_PARAM = /token|secret|passw|csrf|xsrf|session|signature|authori[sz]ation|dtsg|^sig$|^oauth_|^auth|^api_?key$|^key$|^tok$|^lsd$|^client_?id$/i;

/** What stands for a secret parameter's value in a log line. */
export const MASKED_VALUE = '…';

export function isSecretParam(rawName: string): boolean {
  return SECRET_PARAM.test(decodeName(rawName));
}

/** `?a=1&token=x&b=2` → `?a=1&b=2`, every other parameter byte for byte. */
export function withoutSecretParams(search: string): string {
  const kept = pairsOf(search).filter((pair) => !isSecretParam(nameOf(pair)));
  return kept.length ? `?${kept.join('&')}` : '';
}

/** `?a=1&token=x` → `?a=1&token=…`: what was sent, minus the secrets' values. */
export function withSecretParamsMasked(search: string): string {
  const pairs = pairsOf(search).map((pair) => (isSecretParam(nameOf(pair)) ? `${nameOf(pair)}=${MASKED_VALUE}` : pair));
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** The whole URL, query included, secret parameters' values masked: how a log line may show an upstream request. */
export function maskedUrl(url: URL): string {
  return url.origin + url.pathname + withSecretParamsMasked(url.search);
}

function pairsOf(search: string): string[] {
  return search === '' || search === '?' ? [] : search.slice(1).split('&');
}

function nameOf(pair: string): string {
  return pair.split('=')[0]!;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

// The pin page (`www.pinterest.com/pin/{id}/`): its server render carries the pin's data for its
// own scripts, in the Relay answers (`<script data-relay-response="true">`, one per query, each
// holding `v3GetPinQuery.data`), or, in older renders, in `__PWS_DATA__`'s
// `props.initialReduxState.pins[id]`. The request, and the page read into a card or a reason.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { asObject, parseJson, type Json } from '../kit/json.js';
import { jsonScriptById, scriptsContaining } from '../kit/state-scripts.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { pageWithoutPost } from '../kit/walls.js';
import { camelCased } from './camel-case.js';
import { pinCard } from './pin-data.js';
import { pinPageUrl } from './pin-urls.js';

export async function pageCard(upstream: Upstream, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.page(pinPageUrl(id), 'browser', signal);
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parsePage(response.text(), id);
}

/** The card of pin `id` from its page; a page without its data is the wall put in its place. */
export function parsePage(html: string, id: string): AdapterResult {
  const pin = relayPin(html, id) ?? reduxPin(html, id);
  const card = pin && pinCard(pin);
  return card ? { ok: true, card } : { ok: false, reason: pageWithoutPost(html) };
}

/**
 * The pin's data from every Relay answer about it, merged: each query asks for other fields (the
 * closeup query has the pinner's pictures and the sizes), so a field missing from one is taken
 * from the next.
 */
export function relayPin(html: string, id: string): Json | undefined {
  let merged: Json | undefined;
  for (const script of scriptsContaining(html, '"v3GetPinQuery"')) {
    if (script.attributes['data-relay-response'] !== 'true') continue;
    const answer = asObject(parseJson(script.text));
    const data = asObject(asObject(asObject(asObject(answer?.['response'])?.['data'])?.['v3GetPinQuery'])?.['data']);
    const pinId = asObject(answer?.['variables'])?.['pinId'] ?? data?.['entityId'];
    if (!data || String(pinId) !== id) continue;
    const pin = camelCased(data) as Json;
    merged = merged ? filledFrom(merged, pin) : pin;
  }
  return merged;
}

/** `a` with what it lacks (absent or null) taken from `b`, objects merged the same way. */
function filledFrom(a: Json, b: Json): Json {
  const out: Json = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = asObject(out[key]);
    const theirs = asObject(value);
    if (out[key] === undefined || out[key] === null) out[key] = value;
    else if (mine && theirs) out[key] = filledFrom(mine, theirs);
  }
  return out;
}

function reduxPin(html: string, id: string): Json | undefined {
  const state = asObject(asObject(asObject(jsonScriptById(html, '__PWS_DATA__'))?.['props'])?.['initialReduxState']);
  const pin = asObject(asObject(state?.['pins'])?.[id]);
  return pin ? (camelCased(pin) as Json) : undefined;
}

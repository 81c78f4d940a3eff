// Pinterest's widgets API (`widgets.pinterest.com/v3/pidgets/pins/info/?pin_ids={id}`), what its
// embed script pinit.js reads, without authentication: the pin's description, image sizes,
// videos and pinner. The request, and its answer read into a card or a reason.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { PINTEREST_HOSTS } from '../../../domain/platforms/pinterest.js';
import { asObject, parseJson, type Json } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { camelCased } from './camel-case.js';
import { pinCard } from './pin-data.js';

export async function widgetsCard(upstream: Upstream, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const query = new URLSearchParams({ pin_ids: id });
  const response = await upstream.getJson(`https://${PINTEREST_HOSTS.widgets}/v3/pidgets/pins/info/?${query.toString()}`, signal);
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parseWidgets(parseJson(response.text()), id);
}

/**
 * The pin's card. The API answers an unknown pin with an entry that is an error, or with none:
 * `not-found`.
 */
export function parseWidgets(body: unknown, id: string): AdapterResult {
  const answer = asObject(body);
  if (!answer || !Array.isArray(answer['data'])) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Pinterest widgets answer holds no data');
  const entry = answer['data'].map(asObject).find((pin): pin is Json => pin !== undefined && String(pin['id']) === id);
  if (!entry) return { ok: false, reason: 'not-found' };
  const card = pinCard(camelCased(entry) as Json);
  if (!card) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Pinterest widgets answer shows no image of the pin');
  return { ok: true, card };
}

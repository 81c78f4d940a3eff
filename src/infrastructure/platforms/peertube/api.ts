// PeerTube's `GET /api/v1/videos/{shortUUID}` as a strategy (no auth for public videos). Errors are
// RFC 7807 problems; a private or internal video is 401/403 to an anonymous client.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { parseVideo } from './video.js';

export async function videoApiCard(upstream: Upstream, instance: string, video: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.getJson(`https://${instance}/api/v1/videos/${video}`, signal);
  if (response.status === 401 || response.status === 403) return { ok: false, reason: 'private' };
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parseVideo(response.json(), instance);
}

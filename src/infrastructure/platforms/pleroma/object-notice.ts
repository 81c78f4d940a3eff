// An object URL (`/objects/{uuid}`) to its notice: Pleroma answers a browser asking for the object's
// page with a redirect to `/notice/{id}` (its OStatus controller does so for HTML); the redirect is
// read, not followed, and only a notice on the same server counts.
import type { Upstream } from '../kit/upstream.js';

export async function noticeOfObject(upstream: Upstream, instance: string, object: string, signal: AbortSignal): Promise<string | undefined> {
  const response = await upstream.page(`https://${instance}/objects/${object}`, 'browser', signal, { redirect: 'manual' });
  const location = response.status >= 300 && response.status < 400 ? response.headers['location'] : undefined;
  if (!location || !URL.canParse(location, `https://${instance}`)) return undefined;
  const target = new URL(location, `https://${instance}`);
  return target.host === instance ? /^\/notice\/([A-Za-z0-9]{1,40})\/?$/.exec(target.pathname)?.[1] : undefined;
}

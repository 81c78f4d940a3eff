// Plays an HLS ladder through the media proxy as a player would: from the first playlist's `/v/`
// path, every playlist, key, map and segment each playlist names, once each. Every playlist must
// come back rewritten (only `/v/` paths on the service, nothing matching `hidden`) with a true
// Content-Length; what each path served is returned for the test's own checks.
import { expect } from 'chai';
import type { TestApp } from './app.js';
import { getMedia } from './media-client.js';

export interface ServedPart {
  type: string;
  body: Buffer;
}

export async function playHlsLadder(app: TestApp, start: string, hidden: RegExp): Promise<Map<string, ServedPart>> {
  const queue = [start];
  const served = new Map<string, ServedPart>();
  while (queue.length) {
    const path = queue.shift()!;
    if (served.has(path)) continue;
    const answer = await getMedia(app, path);
    expect(answer.status, path).to.equal(200);
    served.set(path, { type: answer.headers['content-type']!, body: answer.body });
    if (!/mpegurl/i.test(answer.headers['content-type']!)) continue;
    const text = answer.body.toString('utf8');
    expect(text).not.to.match(hidden);
    expect(answer.headers['content-length']).to.equal(String(answer.body.length));
    for (const uri of playlistUris(text)) {
      const next = new URL(uri, app.baseUrl + path);
      expect(next.origin + next.pathname.slice(0, 3)).to.equal(app.baseUrl + '/v/');
      queue.push(next.pathname);
    }
  }
  return served;
}

/** Every URI a playlist names (URI lines and URI="…" attributes). */
export function playlistUris(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    if (line.trim() === '') return [];
    if (!line.startsWith('#')) return [line.trim()];
    const attr = /[:,]URI="([^"]*)"/.exec(line);
    return attr ? [attr[1]!] : [];
  });
}

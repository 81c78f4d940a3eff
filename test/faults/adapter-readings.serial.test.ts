// How adapters read the answers the fault suite found them misreading: a body that is no page at
// all is unreadable (`upstream-error`), not a wall (`blocked`); a player answer whose status lost
// its field says nothing about the video (not `not-found`); a redirect is a wall only when it goes
// where the platform sends clients it refuses (YouTube's consent page, Meta's login pages).
import { expect } from 'chai';
import type { PostRef } from '../../src/application/ports/platform-adapter.port.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { pageWithoutPost } from '../../src/infrastructure/platforms/kit/walls.js';
import { ThreadsAdapter } from '../../src/infrastructure/platforms/threads/index.js';
import { playabilityReason } from '../../src/infrastructure/platforms/youtube/player.js';
import { YoutubeAdapter } from '../../src/infrastructure/platforms/youtube/index.js';
import { FaultServer, unrecorded, type FaultHandler } from '../support/fault-server.js';
import { publicLookup } from '../support/lookup.js';

describe('adapter readings of unreadable answers', () => {
  it('when a page strategy finds no post, markup reads as blocked and anything else as upstream-error', () => {
    for (const page of ['<!DOCTYPE html><html><body>Log in</body></html>', '\uFEFF  <html>', '<meta property="og:title" content="x">']) {
      expect(pageWithoutPost(page), page).to.equal('blocked');
    }
    for (const body of ['{"data":{"post":', '[]', 'Service Unavailable', '']) expect(pageWithoutPost(body), body).to.equal('upstream-error');
  });

  it("when the player's playabilityStatus is missing the answer means no such video, when it lacks its status the shape changed", () => {
    expect(playabilityReason(undefined)).to.equal('not-found');
    expect(playabilityReason({})).to.equal('not-found');
    expect(playabilityReason({ playableInEmbed: true })).to.equal('upstream-error');
  });

  describe('redirects', () => {
    let server: FaultServer;
    let restoreNock: () => void;
    before(async () => {
      server = await FaultServer.start();
      restoreNock = FaultServer.allowHosts(['www.threads.com', 'www.youtube.com', 'youtubei.googleapis.com']);
    });
    after(async () => {
      restoreNock();
      await server.close();
    });
    const http = () => new KyHttpClient({ timeoutMs: 1000, maxBytes: 1024 * 1024, userAgent: 'postlens-test', lookup: publicLookup, fetch: server.fetch });
    const redirectTo =
      (location: string, only?: string): FaultHandler =>
      ({ res, url }) => {
        if (only && url.pathname !== only) return unrecorded(res, url);
        res.writeHead(302, { location, connection: 'close' }).end();
      };

    const threadsPost: PostRef = { platform: 'threads', canonicalUrl: 'https://www.threads.com/@ana.b/post/DKimAgeP0st', contentId: 'DKimAgeP0st', ids: { user: 'ana.b', code: 'DKimAgeP0st' } };
    for (const [location, reason] of [
      ['https://www.instagram.com/accounts/login/?next=%2F', 'blocked'],
      ['https://www.threads.com/login/?next=%2F', 'blocked'],
      ['https://evil.example/landing', 'upstream-error'],
    ] as const) {
      it(`when the Threads post page redirects to ${new URL(location).host}${new URL(location).pathname}, answers ${reason}`, async () => {
        server.use([], redirectTo(location));
        const result = await new ThreadsAdapter(http(), { credential: () => undefined }).resolve(threadsPost, AbortSignal.timeout(5000));
        expect(result).to.deep.equal({ ok: false, reason });
      });
    }

    const youtubeVideo: PostRef = { platform: 'youtube', canonicalUrl: 'https://www.youtube.com/watch?v=Pq3rS7tUv1w', contentId: 'Pq3rS7tUv1w', ids: { id: 'Pq3rS7tUv1w' } };
    for (const [location, reason] of [
      ['https://consent.youtube.com/m?continue=https%3A%2F%2Fwww.youtube.com%2F', 'blocked'],
      ['https://www.youtube.com/watch?v=Pq3rS7tUv1w&hl=en', 'upstream-error'],
      ['https://evil.example/landing', 'upstream-error'],
    ] as const) {
      it(`when oEmbed and the player fail and the watch page redirects to ${new URL(location).host}, answers ${reason}`, async () => {
        server.use([], redirectTo(location, '/watch'));
        const result = await new YoutubeAdapter(http()).resolve(youtubeVideo, AbortSignal.timeout(5000));
        expect(result).to.deep.equal({ ok: false, reason });
      });
    }
  });
});

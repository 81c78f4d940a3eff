// The YouTube adapter through the real HTTP adapter, upstreams replayed from test/platforms/youtube/fixtures/.
import { expect } from 'chai';
import nock from 'nock';
import { given } from '../../support/given.js';
import { youtube } from '../../../src/domain/platforms/youtube.js';
import { capabilitiesOf } from '../../../src/domain/platforms/platform-spec.js';
import { parsePlayerResponse } from '../../../src/infrastructure/platforms/youtube/player.js';
import { handleOf } from '../../../src/infrastructure/platforms/youtube/oembed.js';

const WATCH = (id: string) => `https://www.youtube.com/watch?v=${id}`;

describe('YoutubeAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it("when oEmbed and the player both answer, returns the video card with the player's description, view count and length, and the handle from oEmbed's author URL", async () => {
    expect((await given('youtube', 'ok').resolve(WATCH('Pq3rS7tUv1w'))).result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Sourdough starter, day 9: the float test',
        description: 'Day nine of feeding a rye starter.\n\nRecipe and feeding schedule: https://hearthandcrumb.example/starter',
        author: { name: 'Hearth & Crumb', url: 'https://www.youtube.com/@hearthandcrumb', handle: 'hearthandcrumb' },
        nsfw: false,
        image: { url: 'https://i.ytimg.com/vi/Pq3rS7tUv1w/hqdefault.jpg', width: 480, height: 360 },
        video: { url: 'https://www.youtube.com/embed/Pq3rS7tUv1w', mimeType: 'text/html', width: 200, height: 113, duration: 214 },
        // This InnerTube answer has no microformat, so no publish date.
        stats: { views: 48213 },
      },
    });
  });

  it('when oEmbed answers but the player shows the age gate, returns the card flagged nsfw', async () => {
    expect((await given('youtube', 'ok-age-gated').resolve(WATCH('Ag3Gate_0k1'))).result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Knife sharpening on a 1000 grit stone',
        author: { name: 'Edge Lab', url: 'https://www.youtube.com/@edgelab', handle: 'edgelab' },
        nsfw: true,
        image: { url: 'https://i.ytimg.com/vi/Ag3Gate_0k1/hqdefault.jpg', width: 480, height: 360 },
        video: { url: 'https://www.youtube.com/embed/Ag3Gate_0k1', mimeType: 'text/html', width: 200, height: 113 },
      },
    });
  });

  it('when oEmbed answers 401 and the player says the video is private, returns private', async () => {
    expect((await given('youtube', 'private').resolve(WATCH('Pr1vateVid0'))).result).to.deep.equal({ ok: false, reason: 'private' });
  });

  it('when oEmbed refuses and the player asks to confirm the age, returns age-restricted', async () => {
    expect((await given('youtube', 'age-restricted').resolve(WATCH('Ag3N0Card_9'))).result).to.deep.equal({ ok: false, reason: 'age-restricted' });
  });

  it('when the player says the video is not available in this country, returns region-locked with its text', async () => {
    expect((await given('youtube', 'region-locked').resolve(WATCH('Reg10nL0ck3'))).result).to.deep.equal({
      ok: false,
      reason: 'region-locked',
      partial: {
        title: 'Late-night sketch: the toll booth',
        description: 'A cold open from episode 12.',
        author: { name: 'Northway TV', url: 'https://www.youtube.com/channel/UCn0rthwayTelevision22' },
      },
    });
  });

  it('when the player says the video is for channel members, returns private with its text', async () => {
    expect((await given('youtube', 'members-only').resolve(WATCH('M3mb3rs0nly'))).result).to.deep.equal({
      ok: false,
      reason: 'private',
      partial: {
        title: 'Studio tour for patrons',
        description: 'Thank you for supporting the workshop.',
        author: { name: 'Loom & Lathe', url: 'https://www.youtube.com/channel/UCl00mAndLatheWorks3' },
      },
    });
  });

  it('when oEmbed answers 404 and the player answers {}, returns not-found', async () => {
    expect((await given('youtube', 'not-found').resolve(WATCH('N0tF0und_x1'))).result).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when oEmbed answers 401 but the player plays it outside embeds only, returns a link card without a player', async () => {
    expect((await given('youtube', 'embedding-disabled').resolve(WATCH('N0Embed_d1s'))).result).to.deep.equal({
      ok: true,
      card: {
        kind: 'link',
        title: 'Full concert: Harbour Lights 2025',
        description: 'The whole main-stage set.',
        author: { name: 'Harbour Lights Festival', url: 'https://www.youtube.com/channel/UCharb0urLightsFest01' },
        nsfw: false,
        image: { url: 'https://i.ytimg.com/vi/N0Embed_d1s/hqdefault.jpg', width: 480, height: 360 },
        // No player, so the length has nowhere to go; the views still count.
        stats: { views: 48213 },
      },
    });
  });

  it('when oEmbed and the player answer 429, returns rate-limited without asking the watch page', async () => {
    const page = nock('https://www.youtube.com').get('/watch').query(true).reply(200, '');
    expect((await given('youtube', 'rate-limited').resolve(WATCH('Thr0ttl3d_7'))).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
    expect(page.isDone()).to.equal(false);
  });

  it('when every upstream answers 5xx, returns upstream-error', async () => {
    expect((await given('youtube', 'upstream-error').resolve(WATCH('Srv3rErr0r5'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when the player fails but oEmbed answers, returns the oEmbed card without a description, date, views or length', async () => {
    expect((await given('youtube', 'player-failing').resolve(WATCH('Pl4yerD0wn2'))).result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Repairing a 1970s cassette deck',
        author: { name: 'Tape Hiss', url: 'https://www.youtube.com/@tapehiss', handle: 'tapehiss' },
        nsfw: false,
        image: { url: 'https://i.ytimg.com/vi/Pl4yerD0wn2/hqdefault.jpg', width: 480, height: 360 },
        video: { url: 'https://www.youtube.com/embed/Pl4yerD0wn2', mimeType: 'text/html', width: 200, height: 150 },
      },
    });
  });

  it('when oEmbed refuses and the player API fails, returns the watch page verdict with its text', async () => {
    expect((await given('youtube', 'watch-page-fallback').resolve(WATCH('Wat0hPag3Ag'))).result).to.deep.equal({
      ok: false,
      reason: 'age-restricted',
      partial: {
        title: 'Trail crash compilation {uncut}',
        description: 'Falls from the 2025 season. Wear a helmet; "send it" responsibly.',
        author: { name: 'Ridge Riders', url: 'https://www.youtube.com/@ridgeriders', handle: 'ridgeriders' },
      },
    });
  });

  it("when oEmbed answers 5xx and the player API fails, returns the watch page's card with its publish date in UTC, views (0 is a count), length and percent-decoded handle", async () => {
    expect((await given('youtube', 'watch-page-card').resolve(WATCH('Caf3Rac3r01'))).result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Café racer build, part 3: the tank',
        description: 'Welding the tank mounts.',
        author: { name: 'Café Racer Garage', url: 'https://www.youtube.com/@caf%C3%A9racergarage', handle: 'caféracergarage' },
        nsfw: false,
        image: { url: 'https://i.ytimg.com/vi/Caf3Rac3r01/hqdefault.jpg', width: 480, height: 360 },
        video: { url: 'https://www.youtube.com/embed/Caf3Rac3r01', mimeType: 'text/html', duration: 1287 },
        // publishDate "2025-11-30T21:15:07-08:00" (not uploadDate), in UTC.
        publishedAt: '2025-12-01T05:15:07Z',
        stats: { views: 0 },
      },
    });
  });

  it('when oEmbed and the player fail and the watch page redirects to the consent wall, returns blocked', async () => {
    expect((await given('youtube', 'consent-wall').resolve(WATCH('C0ns3ntWa11'))).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when oEmbed cannot be reached and nothing else answers, throws the UpstreamError', async () => {
    // No fixture: nock refuses every request, as a network failure would.
    expect((await given('youtube').resolve(WATCH('Unr3achab1e'))).thrown).to.equal('UPSTREAM_NETWORK');
  });
});

// Details no fixture above carries, checked on player bodies alone.
describe('youtube player details', () => {
  const answer = (details: Record<string, unknown>, micro: Record<string, unknown>) => ({
    playabilityStatus: { status: 'OK', playableInEmbed: true },
    videoDetails: { videoId: 'L1veStr3am0', title: 'Harbour webcam', author: 'Port Cam', channelId: 'UCp0rtCam000000000001', ...details },
    microformat: { playerMicroformatRenderer: { ownerProfileUrl: 'http://www.youtube.com/channel/UCp0rtCam000000000001', ...micro } },
  });

  it('when the dates are bare dates, a live stream has lengthSeconds "0" and no viewCount, leaves date, length and views absent', () => {
    const verdict = parsePlayerResponse(answer({ lengthSeconds: '0', isLiveContent: true }, { publishDate: '2025-06-01', uploadDate: '2025-06-01' }));
    expect(verdict.details).to.deep.equal({});
    expect(verdict.duration).to.equal(undefined);
    expect(verdict.text.author).to.deep.equal({ name: 'Port Cam', url: 'https://www.youtube.com/channel/UCp0rtCam000000000001' });
  });

  it('when publishDate is a bare date but uploadDate a date-time, takes uploadDate', () => {
    const verdict = parsePlayerResponse(answer({ viewCount: '12' }, { publishDate: '2025-06-01', uploadDate: '2025-05-31T23:30:00-07:00' }));
    expect(verdict.details).to.deep.equal({ publishedAt: '2025-06-01T06:30:00Z', stats: { views: 12 } });
  });

  for (const [url, handle] of [
    ['https://www.youtube.com/@smshdchrb', 'smshdchrb'],
    ['https://www.youtube.com/user/smshdchrb', undefined],
    ['https://www.youtube.com/c/CoasterFan2105', undefined],
    ['https://www.youtube.com/@a/videos', undefined],
  ] as const) {
    it(`when the channel URL is ${url}, the handle is ${handle ?? 'absent'}`, () => {
      expect(handleOf(url)).to.equal(handle);
    });
  }
});

describe('YoutubeAdapter declaration', () => {
  it('when read, names exactly the hosts it calls and the capabilities it has', () => {
    const { adapter } = given('youtube');
    expect(youtube.id).to.equal('youtube');
    expect(adapter.upstreamHosts).to.deep.equal(['www.youtube.com', 'youtubei.googleapis.com']);
    expect(capabilitiesOf(youtube)).to.deep.equal({ video: true, nsfw: true, shortLinks: false, proxy: false });
  });
});

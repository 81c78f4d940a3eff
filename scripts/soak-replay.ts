// What the soak's service answers from (UPSTREAM_REPLAY_DIR): recorded fixtures of the platforms
// in its mix, the TikTok video page with its expiry moved ahead and a media body to stream.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRecordedExchanges, type RecordedExchange } from '../src/infrastructure/http/recorded-exchanges.js';

const MB = 1024 * 1024;
const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** A platform's recorded fixtures: test/platforms/<id>/fixtures. */
const fixturesOf = (platform: string) => join(ROOT, 'test/platforms', platform, 'fixtures');

// The recorded TikTok video (test/platforms/tiktok/fixtures/video.json) and its media URL, whose recorded
// expiry is moved ahead so the post gets a playableUrl (as test/support/tiktok-media.ts does).
export const TIKTOK_POST = 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101';
const TIKTOK_VIDEO = 'https://v16-webapp-prime.tiktok.com/video/tos/useast2a/tos-useast2a-ve-0068c001/oQmartaSourdoughH264/';
const VIDEO_BYTES = 1 * MB;

/**
 * One folder for UPSTREAM_REPLAY_DIR: the Bluesky and Mastodon fixtures, the TikTok video page and
 * its media body, and `more` (discovered servers, web pages) as one file.
 */
export function replayDir(more: readonly RecordedExchange[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'postlens-soak-'));
  for (const platform of ['bluesky', 'mastodon']) {
    for (const file of readdirSync(fixturesOf(platform)).filter((f) => f.endsWith('.json'))) {
      writeFileSync(join(dir, `${platform}-${file}`), readFileSync(join(fixturesOf(platform), file)));
    }
  }
  const expires = Math.floor(Date.now() / 1000) + 24 * 3600;
  const page = loadRecordedExchanges(join(fixturesOf('tiktok'), 'video.json')).map(
    (def) => JSON.parse(JSON.stringify(def).replace(/(x-expires|expire)=\d{10}/g, `$1=${expires}`)) as RecordedExchange,
  );
  const video = Buffer.alloc(VIDEO_BYTES, 'postlens soak ');
  const media: RecordedExchange = {
    scope: new URL(TIKTOK_VIDEO).origin,
    method: 'GET',
    path: new URL(TIKTOK_VIDEO).pathname,
    status: 200,
    headers: { 'content-type': 'video/mp4', 'content-length': String(video.length) },
    response: video.toString('hex'),
    responseIsBinary: true,
  };
  writeFileSync(join(dir, 'tiktok-video.json'), JSON.stringify([...page, media]));
  if (more.length) writeFileSync(join(dir, 'soak-more.json'), JSON.stringify(more));
  return dir;
}

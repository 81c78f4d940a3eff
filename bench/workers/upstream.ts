// A local stand-in for Bluesky's AppView (plain http on loopback; the bench composition routes the
// adapter's requests here): answers getPostThread for any post after BENCH_DELAY_MS, with the
// image post of test/platforms/bluesky/fixtures/image.json re-keyed to the asked rkey, and counts requests
// per post so P5 can tell how many reached the upstream.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveCommands } from '../lib/worker-side.js';

const FIXTURE_RKEY = '3lpbimage22ab';
const fixture = JSON.parse(readFileSync(new URL('../../test/platforms/bluesky/fixtures/image.json', import.meta.url), 'utf8')) as { response: unknown }[];
const template = JSON.stringify(fixture[0]!.response);

let delayMs = Number(process.env.BENCH_DELAY_MS ?? '50');
const seen = new Map<string, number>();
let total = 0;

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://upstream');
  const uri = url.searchParams.get('uri') ?? '';
  total++;
  seen.set(uri, (seen.get(uri) ?? 0) + 1);
  const rkey = /\/app\.bsky\.feed\.post\/([^/]+)$/.exec(uri)?.[1];
  const answer = () => {
    if (url.pathname !== '/xrpc/app.bsky.feed.getPostThread' || !rkey) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"InvalidRequest"}');
      return;
    }
    const body = template.replaceAll(FIXTURE_RKEY, rkey);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).end(body);
  };
  if (delayMs > 0) setTimeout(answer, delayMs);
  else answer();
});

server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () =>
  serveCommands((server.address() as AddressInfo).port, {
    count: (args: { uri: string }) => seen.get(args.uri) ?? 0,
    total: () => total,
    delay: (args: { ms: number }) => {
      delayMs = args.ms;
      return delayMs;
    },
  }),
);

// The line replay logs for a request no recorded exchange answers: the whole URL, query included
// (recording the missing exchange needs it), with the values of token-like parameters masked.
import { expect } from 'chai';
import type { MediaRequest } from '../../src/application/ports/media-fetcher.port.js';
import type { RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import { ReplayMediaFetcher } from '../../src/infrastructure/http/replay-media.fetcher.js';
import { ReplayHttpClient } from '../../src/infrastructure/http/replay.http.js';
import { collectingLogger } from '../support/redis.js';

const recorded: RecordedExchange[] = [{ scope: 'https://api.example', method: 'GET', path: '/known', status: 200, response: { n: 1 } }];
const SECRETS = ['s3cr3t-access', 'c1ient1d', 'sIgnAtur3', 'k3yk3y', 'pa55word', 'auth0val'];
const QUERY = `id=42&lang=en&access_token=${SECRETS[0]}&client_id=${SECRETS[1]}&signature=${SECRETS[2]}&key=${SECRETS[3]}&password=${SECRETS[4]}&auth=${SECRETS[5]}&cursor=a%2Fb`;
const MASKED = 'id=42&lang=en&access_token=…&client_id=…&signature=…&key=…&password=…&auth=…&cursor=a%2Fb';

function loggedUrl(lines: { fields: object; message: string }[]): string {
  const line = lines.find((l) => l.message.startsWith('replay: no recorded exchange'));
  expect(line, 'an unmatched-request line').to.not.equal(undefined);
  return (line!.fields as { url: string }).url;
}

describe('replay: the unmatched-request log line', () => {
  it('when an upstream request is not recorded, carries its full URL with the query, token-like values masked', async () => {
    const logger = collectingLogger();
    const client = new ReplayHttpClient(recorded, logger);
    await client.request({ url: `https://api.example/missing/item?${QUERY}`, allowedHosts: ['api.example'] }).catch(() => undefined);
    expect(loggedUrl(logger.lines)).to.equal(`https://api.example/missing/item?${MASKED}`);
    for (const secret of SECRETS) expect(JSON.stringify(logger.lines)).to.not.include(secret);
  });

  it('when a media request is not recorded, carries the same', async () => {
    const logger = collectingLogger();
    const fetcher = new ReplayMediaFetcher(recorded, logger);
    const request: MediaRequest = { url: `https://api.example/clip.mp4?${QUERY}`, method: 'GET', headers: {}, allowedHosts: ['api.example'], signal: new AbortController().signal };
    await fetcher.fetch(request).catch(() => undefined);
    expect(loggedUrl(logger.lines)).to.equal(`https://api.example/clip.mp4?${MASKED}`);
    for (const secret of SECRETS) expect(JSON.stringify(logger.lines)).to.not.include(secret);
  });

  it('when the request has no query, carries the URL as it is', async () => {
    const logger = collectingLogger();
    await new ReplayHttpClient(recorded, logger).request({ url: 'https://api.example/missing', allowedHosts: ['api.example'] }).catch(() => undefined);
    expect(loggedUrl(logger.lines)).to.equal('https://api.example/missing');
  });
});

// The kit's oEmbed: the request to a platform's endpoint and one reader of the answer's fields.
import { expect } from 'chai';
import type { HttpClient, HttpRequest, HttpResponse } from '../../../src/application/ports/http.port.js';
import { readOembed, requestOembed } from '../../../src/infrastructure/platforms/kit/oembed.js';
import { Upstream } from '../../../src/infrastructure/platforms/kit/upstream.js';

class Asked implements HttpClient {
  readonly requests: HttpRequest[] = [];
  request(request: HttpRequest): Promise<HttpResponse> {
    this.requests.push(request);
    return Promise.resolve({ status: 200, url: request.url, headers: {}, body: Buffer.from('{}'), text: () => '{}', json: () => ({}) });
  }
}

describe('oEmbed', () => {
  it('asks the endpoint for the post URL as JSON, with format=json only where the platform wants it, on its own hosts', async () => {
    const http = new Asked();
    const upstream = new Upstream(http, ['www.example.test']);
    const signal = AbortSignal.timeout(1000);
    await requestOembed(upstream, 'https://www.example.test/oembed', 'https://www.example.test/@a.b/video/1?x=1&y=2', signal, { format: 'json' });
    await requestOembed(upstream, 'https://www.example.test/oembed', 'https://www.example.test/@a.b/video/1', signal);
    expect(http.requests.map((r) => r.url)).to.deep.equal([
      'https://www.example.test/oembed?url=https%3A%2F%2Fwww.example.test%2F%40a.b%2Fvideo%2F1%3Fx%3D1%26y%3D2&format=json',
      'https://www.example.test/oembed?url=https%3A%2F%2Fwww.example.test%2F%40a.b%2Fvideo%2F1',
    ]);
    expect(http.requests.every((r) => r.headers?.['accept'] === 'application/json' && r.allowedHosts[0] === 'www.example.test')).to.equal(true);
  });

  it('reads the usable fields: text not blank, sizes positive integers, the thumbnail with its size only as a pair', () => {
    const body = {
      type: 'video',
      title: '  A title ',
      author_name: '',
      author_url: 'https://www.example.test/@a',
      html: '<iframe src="https://www.example.test/embed/1"></iframe>',
      width: 480,
      height: 0,
      thumbnail_url: 'https://i.example.test/1.jpg',
      thumbnail_width: 480,
      thumbnail_height: 360,
      author_unique_id: 'a',
    };
    expect(readOembed(body)).to.deep.equal({
      title: 'A title',
      authorUrl: 'https://www.example.test/@a',
      html: '<iframe src="https://www.example.test/embed/1"></iframe>',
      width: 480,
      thumbnail: { url: 'https://i.example.test/1.jpg', width: 480, height: 360 },
      fields: body,
    });
    expect(readOembed({ thumbnail_url: 'https://i.example.test/2.jpg', thumbnail_width: 480 })?.thumbnail).to.deep.equal({ url: 'https://i.example.test/2.jpg' });
  });

  it('when the answer is not a JSON object, reads nothing', () => {
    expect(readOembed(null)).to.equal(undefined);
    expect(readOembed([{ title: 'x' }])).to.equal(undefined);
    expect(readOembed('title')).to.equal(undefined);
  });
});

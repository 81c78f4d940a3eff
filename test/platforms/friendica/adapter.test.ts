// The Friendica adapter through the real HTTP adapter, nock answering from test/platforms/friendica/fixtures/
// (our own made-up posts in the real shapes), each exchange once and in order: the chain's
// requests are checked as well as its answer.
import { expect } from 'chai';
import nock from 'nock';
import { given } from '../../support/given.js';

describe('FriendicaAdapter', () => {
  afterEach(() => nock.cleanAll());

  it("when the API wants a token or signature (401/403), moves on to the ActivityPub object and reads its card", async () => {
    const { result, requests } = await given('friendica', 'activitypub', { once: true }).resolve("https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://libranet.de/photo/abc-0.jpg",
          "width": 1024,
          "height": 768,
          "alt": "Meeting room"
        },
        "nsfw": false,
        "title": "@jonas@libranet.de",
        "description": "Club meeting moved to Thursday.\nBring the slides!",
        "author": {
          "name": "jonas@libranet.de",
          "url": "https://libranet.de/profile/jonas",
          "handle": "jonas@libranet.de"
        },
        "publishedAt": "2025-06-02T08:15:30Z",
        "lang": "de"
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://libranet.de/objects/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908"
    ]);
  });

  it("when the API and the ActivityPub object both refuse an anonymous client, reads the page's Open Graph tags", async () => {
    const { result, requests } = await given('friendica', 'page', { once: true }).resolve("https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://libranet.de/photo/abc-0.jpg",
          "width": 1200,
          "height": 800
        },
        "title": "Jonas: Club meeting moved",
        "nsfw": false,
        "description": "Club meeting moved to Thursday."
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://libranet.de/objects/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908",
      "GET https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908"
    ]);
  });

  it("when the server says the post does not exist, returns not-found and asks nothing more", async () => {
    const { result, requests } = await given('friendica', 'not-found', { once: true }).resolve("https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "not-found"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://libranet.de/objects/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908"
    ]);
  });

  it("when the object is a Tombstone (a deleted post), returns not-found", async () => {
    const { result, requests } = await given('friendica', 'tombstone', { once: true }).resolve("https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "not-found"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://libranet.de/objects/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908"
    ]);
  });

  it("when every strategy refuses an unsigned, anonymous client, returns blocked", async () => {
    const { result, requests } = await given('friendica', 'signed-fetch', { once: true }).resolve("https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "blocked"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://libranet.de/objects/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908",
      "GET https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908"
    ]);
  });
});

// The Pixelfed adapter through the real HTTP adapter, nock answering from test/platforms/pixelfed/fixtures/
// (our own made-up posts in the real shapes), each exchange once and in order: the chain's
// requests are checked as well as its answer.
import { expect } from 'chai';
import nock from 'nock';
import { given } from '../../support/given.js';

describe('PixelfedAdapter', () => {
  afterEach(() => nock.cleanAll());

  it("when the API answers a status with one image, returns an image card with its size, alt text, counts and times", async () => {
    const { result, requests } = await given('pixelfed', 'image', { once: true }).resolve("https://pixelfed.social/p/lena_frames/812345678901234567");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://pxscdn.com/media/h1.jpg",
          "width": 1600,
          "height": 1200,
          "alt": "Boats at the quay"
        },
        "title": "Lena (@lena_frames)",
        "author": {
          "name": "Lena",
          "url": "https://pixelfed.social/@lena_frames",
          "handle": "lena_frames",
          "avatar": "https://pixelfed.social/media/avatars/lena_frames.png"
        },
        "nsfw": true,
        "description": "Harbour at dusk",
        "publishedAt": "2025-06-02T08:15:30Z",
        "lang": "en",
        "stats": {
          "likes": 7,
          "reposts": 2,
          "replies": 1
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://pixelfed.social/api/v1/statuses/812345678901234567"
    ]);
  });

  it("when the API answers several images, returns a gallery in post order (sensitive files make it nsfw)", async () => {
    const { result, requests } = await given('pixelfed', 'gallery', { once: true }).resolve("https://pixelfed.social/p/lena_frames/812345678901234567");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "gallery",
        "image": {
          "url": "https://pxscdn.com/media/h1.jpg",
          "width": 1600,
          "height": 1200,
          "alt": "Boats at the quay"
        },
        "images": [
          {
            "url": "https://pxscdn.com/media/h1.jpg",
            "width": 1600,
            "height": 1200,
            "alt": "Boats at the quay"
          },
          {
            "url": "https://pxscdn.com/media/h2.jpg",
            "width": 1600,
            "height": 1200,
            "alt": "Lighthouse"
          }
        ],
        "title": "Lena (@lena_frames)",
        "author": {
          "name": "Lena",
          "url": "https://pixelfed.social/@lena_frames",
          "handle": "lena_frames",
          "avatar": "https://pixelfed.social/media/avatars/lena_frames.png"
        },
        "nsfw": false,
        "description": "Harbour at dusk #film",
        "publishedAt": "2025-06-02T08:15:30Z",
        "lang": "en",
        "stats": {
          "likes": 7,
          "reposts": 2,
          "replies": 1
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://pixelfed.social/api/v1/statuses/812345678901234567"
    ]);
  });

  it("when the API wants a token or signature (401/403), moves on to the ActivityPub object and reads its card", async () => {
    const { result, requests } = await given('pixelfed', 'activitypub', { once: true }).resolve("https://pixelfed.social/p/lena_frames/812345678901234567");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://pxscdn.com/public/m/_v2/h1.jpg",
          "width": 1620,
          "height": 1080,
          "alt": "Boats at the quay"
        },
        "nsfw": false,
        "title": "@lena_frames@pixelfed.social",
        "description": "Harbour at dusk #film",
        "author": {
          "name": "lena_frames@pixelfed.social",
          "url": "https://pixelfed.social/users/lena_frames",
          "handle": "lena_frames@pixelfed.social"
        },
        "publishedAt": "2025-06-02T08:15:30Z"
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://pixelfed.social/api/v1/statuses/812345678901234567",
      "GET https://pixelfed.social/p/lena_frames/812345678901234567"
    ]);
  });

  it("when the API and the ActivityPub object both refuse an anonymous client, reads the page's Open Graph tags", async () => {
    const { result, requests } = await given('pixelfed', 'page', { once: true }).resolve("https://pixelfed.social/p/lena_frames/812345678901234567");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://pxscdn.com/public/m/_v2/h1.jpg",
          "width": 1200,
          "height": 800
        },
        "title": "Lena (@lena_frames)",
        "nsfw": false,
        "description": "Harbour at dusk #film"
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://pixelfed.social/api/v1/statuses/812345678901234567",
      "GET https://pixelfed.social/p/lena_frames/812345678901234567",
      "GET https://pixelfed.social/p/lena_frames/812345678901234567"
    ]);
  });

  it("when the server says the post does not exist, returns not-found and asks nothing more", async () => {
    const { result, requests } = await given('pixelfed', 'not-found', { once: true }).resolve("https://pixelfed.social/p/lena_frames/812345678901234567");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "not-found"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://pixelfed.social/api/v1/statuses/812345678901234567"
    ]);
  });

  it("when the server says the post is not visible to this reader, returns private after trying the object and the page", async () => {
    const { result, requests } = await given('pixelfed', 'private', { once: true }).resolve("https://pixelfed.social/p/lena_frames/812345678901234567");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "private"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://pixelfed.social/api/v1/statuses/812345678901234567",
      "GET https://pixelfed.social/p/lena_frames/812345678901234567",
      "GET https://pixelfed.social/p/lena_frames/812345678901234567"
    ]);
  });

  it("when every strategy refuses an unsigned, anonymous client, returns blocked", async () => {
    const { result, requests } = await given('pixelfed', 'signed-fetch', { once: true }).resolve("https://pixelfed.social/p/lena_frames/812345678901234567");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "blocked"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://pixelfed.social/api/v1/statuses/812345678901234567",
      "GET https://pixelfed.social/p/lena_frames/812345678901234567",
      "GET https://pixelfed.social/p/lena_frames/812345678901234567"
    ]);
  });
});

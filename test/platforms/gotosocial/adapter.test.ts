// The GoToSocial adapter through the real HTTP adapter, nock answering from test/platforms/gotosocial/fixtures/
// (our own made-up posts in the real shapes), each exchange once and in order: the chain's
// requests are checked as well as its answer.
import { expect } from 'chai';
import nock from 'nock';
import { given } from '../../support/given.js';

describe('GotosocialAdapter', () => {
  afterEach(() => nock.cleanAll());

  it("when the API answers a video, returns a video card with its size, duration and poster", async () => {
    const { result, requests } = await given('gotosocial', 'video', { once: true }).resolve("https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "video",
        "video": {
          "url": "https://gts.superseriousbusiness.org/fileserver/01JX/attachment/original/clip.mp4",
          "mimeType": "video/mp4",
          "width": 1280,
          "height": 720,
          "duration": 8.5
        },
        "image": {
          "url": "https://gts.superseriousbusiness.org/fileserver/01JX/attachment/small/clip.webp",
          "width": 512,
          "height": 288
        },
        "title": "Wren (@wren)",
        "author": {
          "name": "Wren",
          "url": "https://gts.superseriousbusiness.org/@wren",
          "handle": "wren",
          "avatar": "https://gts.superseriousbusiness.org/media/avatars/wren.png"
        },
        "nsfw": true,
        "description": "rain again",
        "contentWarning": "weather",
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
      "GET https://gts.superseriousbusiness.org/api/v1/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM"
    ]);
  });

  it("when the API wants a token or signature (401/403), moves on to the ActivityPub object and reads its card", async () => {
    const { result, requests } = await given('gotosocial', 'activitypub', { once: true }).resolve("https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://gts.superseriousbusiness.org/fileserver/01JX/attachment/original/sky.jpg",
          "alt": "Grey sky over roofs"
        },
        "nsfw": false,
        "title": "@wren@gts.superseriousbusiness.org",
        "description": "rain again",
        "author": {
          "name": "wren@gts.superseriousbusiness.org",
          "url": "https://gts.superseriousbusiness.org/users/wren",
          "handle": "wren@gts.superseriousbusiness.org"
        },
        "publishedAt": "2025-06-02T08:15:30Z",
        "lang": "en",
        "replyTo": {
          "canonicalUrl": "https://gts.superseriousbusiness.org/users/wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKA"
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://gts.superseriousbusiness.org/api/v1/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM",
      "GET https://gts.superseriousbusiness.org/users/wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM"
    ]);
  });

  it("when the API and the ActivityPub object both refuse an anonymous client, reads the page's Open Graph tags", async () => {
    const { result, requests } = await given('gotosocial', 'page', { once: true }).resolve("https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://gts.superseriousbusiness.org/fileserver/01JX/attachment/original/sky.jpg",
          "width": 1200,
          "height": 800
        },
        "title": "Wren (@wren@gts.superseriousbusiness.org)",
        "nsfw": false,
        "description": "rain again"
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://gts.superseriousbusiness.org/api/v1/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM",
      "GET https://gts.superseriousbusiness.org/users/wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM",
      "GET https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM"
    ]);
  });

  it("when the server says the post does not exist, returns not-found and asks nothing more", async () => {
    const { result, requests } = await given('gotosocial', 'not-found', { once: true }).resolve("https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "not-found"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://gts.superseriousbusiness.org/api/v1/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM"
    ]);
  });

  it("when the server says the post is not visible to this reader, returns private after trying the object and the page", async () => {
    const { result, requests } = await given('gotosocial', 'private', { once: true }).resolve("https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "private"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://gts.superseriousbusiness.org/api/v1/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM",
      "GET https://gts.superseriousbusiness.org/users/wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM",
      "GET https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM"
    ]);
  });

  it("when every strategy refuses an unsigned, anonymous client, returns blocked", async () => {
    const { result, requests } = await given('gotosocial', 'signed-fetch', { once: true }).resolve("https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "blocked"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://gts.superseriousbusiness.org/api/v1/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM",
      "GET https://gts.superseriousbusiness.org/users/wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM",
      "GET https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM"
    ]);
  });
});

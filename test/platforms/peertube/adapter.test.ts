// The PeerTube adapter through the real HTTP adapter, nock answering from test/platforms/peertube/fixtures/
// (our own made-up posts in the real shapes), each exchange once and in order: the chain's
// requests are checked as well as its answer.
import { expect } from 'chai';
import nock from 'nock';
import { given } from '../../support/given.js';

describe('PeertubeAdapter', () => {
  afterEach(() => nock.cleanAll());

  it("when the API answers a video, returns a video card with its size, duration and poster", async () => {
    const { result, requests } = await given('peertube', 'video', { once: true }).resolve("https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "video",
        "title": "Sharpening a hand plane",
        "nsfw": false,
        "video": {
          "url": "https://framatube.org/static/web-videos/plane-1080.mp4",
          "mimeType": "video/mp4",
          "duration": 754
        },
        "image": {
          "url": "https://framatube.org/lazy-static/previews/plane-preview.jpg"
        },
        "description": "A slow walkthrough.\n\nTools: list (https://tools.example/list)",
        "author": {
          "name": "Mira's Workshop",
          "url": "https://framatube.org/video-channels/mira_workshop",
          "handle": "mira_workshop@framatube.org",
          "avatar": "https://framatube.org/lazy-static/avatars/mira-120.png"
        },
        "publishedAt": "2025-05-30T10:00:00Z",
        "lang": "en",
        "stats": {
          "likes": 88,
          "views": 1520
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://framatube.org/api/v1/videos/kkGMgK9YJrR6bNHRi3TWNB"
    ]);
  });

  it("when the video has no web-video file, returns the HLS master playlist with its duration, and nsfw", async () => {
    const { result, requests } = await given('peertube', 'hls-only', { once: true }).resolve("https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "video",
        "title": "Sharpening a hand plane",
        "nsfw": true,
        "video": {
          "url": "https://framatube.org/static/streaming-playlists/hls/9c9de5e8-0a1b-4c2d-8e3f-4a5b6c7d8e9f/master.m3u8",
          "mimeType": "application/vnd.apple.mpegurl",
          "duration": 754
        },
        "image": {
          "url": "https://framatube.org/lazy-static/previews/plane-preview.jpg"
        },
        "description": "A slow walkthrough.\n\nTools: list (https://tools.example/list)",
        "author": {
          "name": "Mira's Workshop",
          "url": "https://framatube.org/video-channels/mira_workshop",
          "handle": "mira_workshop@framatube.org",
          "avatar": "https://framatube.org/lazy-static/avatars/mira-120.png"
        },
        "publishedAt": "2025-05-30T10:00:00Z",
        "stats": {
          "likes": 88,
          "views": 1520
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://framatube.org/api/v1/videos/kkGMgK9YJrR6bNHRi3TWNB"
    ]);
  });

  it("when the video is live, returns its embed player as text/html", async () => {
    const { result, requests } = await given('peertube', 'live', { once: true }).resolve("https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "video",
        "title": "Sharpening a hand plane",
        "nsfw": false,
        "video": {
          "url": "https://framatube.org/videos/embed/9c9de5e8-0a1b-4c2d-8e3f-4a5b6c7d8e9f",
          "mimeType": "text/html"
        },
        "image": {
          "url": "https://framatube.org/lazy-static/previews/plane-preview.jpg"
        },
        "description": "A slow walkthrough.\n\nTools: list (https://tools.example/list)",
        "author": {
          "name": "Mira's Workshop",
          "url": "https://framatube.org/video-channels/mira_workshop",
          "handle": "mira_workshop@framatube.org",
          "avatar": "https://framatube.org/lazy-static/avatars/mira-120.png"
        },
        "publishedAt": "2025-05-30T10:00:00Z",
        "lang": "en",
        "stats": {
          "likes": 88,
          "views": 1520
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://framatube.org/api/v1/videos/kkGMgK9YJrR6bNHRi3TWNB"
    ]);
  });

  it("when the API wants a token or signature (401/403), moves on to the ActivityPub object and reads its card", async () => {
    const { result, requests } = await given('peertube', 'activitypub', { once: true }).resolve("https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "video",
        "video": {
          "url": "https://framatube.org/static/streaming-playlists/hls/9c9de5e8-0a1b-4c2d-8e3f-4a5b6c7d8e9f/master.m3u8",
          "mimeType": "application/vnd.apple.mpegurl",
          "duration": 754
        },
        "image": {
          "url": "https://framatube.org/lazy-static/previews/plane-preview.jpg",
          "width": 850,
          "height": 480
        },
        "nsfw": false,
        "title": "Sharpening a hand plane",
        "description": "A slow walkthrough.",
        "author": {
          "name": "mira@framatube.org",
          "url": "https://framatube.org/accounts/mira",
          "handle": "mira@framatube.org"
        },
        "publishedAt": "2025-05-30T10:00:00Z",
        "lang": "en"
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://framatube.org/api/v1/videos/kkGMgK9YJrR6bNHRi3TWNB",
      "GET https://framatube.org/videos/watch/kkGMgK9YJrR6bNHRi3TWNB"
    ]);
  });

  it("when the API and the ActivityPub object both refuse an anonymous client, reads the page's Open Graph tags", async () => {
    const { result, requests } = await given('peertube', 'page', { once: true }).resolve("https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://framatube.org/lazy-static/previews/plane-preview.jpg",
          "width": 1200,
          "height": 800
        },
        "title": "Sharpening a hand plane",
        "nsfw": false,
        "description": "A slow walkthrough."
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://framatube.org/api/v1/videos/kkGMgK9YJrR6bNHRi3TWNB",
      "GET https://framatube.org/videos/watch/kkGMgK9YJrR6bNHRi3TWNB",
      "GET https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB"
    ]);
  });

  it("when the server says the post does not exist, returns not-found and asks nothing more", async () => {
    const { result, requests } = await given('peertube', 'not-found', { once: true }).resolve("https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "not-found"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://framatube.org/api/v1/videos/kkGMgK9YJrR6bNHRi3TWNB"
    ]);
  });

  it("when the server says the post is not visible to this reader, returns private after trying the object and the page", async () => {
    const { result, requests } = await given('peertube', 'private', { once: true }).resolve("https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "private"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://framatube.org/api/v1/videos/kkGMgK9YJrR6bNHRi3TWNB",
      "GET https://framatube.org/videos/watch/kkGMgK9YJrR6bNHRi3TWNB",
      "GET https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB"
    ]);
  });

  it("when every strategy refuses an unsigned, anonymous client, returns blocked", async () => {
    const { result, requests } = await given('peertube', 'signed-fetch', { once: true }).resolve("https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "blocked"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://framatube.org/api/v1/videos/kkGMgK9YJrR6bNHRi3TWNB",
      "GET https://framatube.org/videos/watch/kkGMgK9YJrR6bNHRi3TWNB",
      "GET https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB"
    ]);
  });
});

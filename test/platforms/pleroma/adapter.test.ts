// The Pleroma adapter through the real HTTP adapter, nock answering from test/platforms/pleroma/fixtures/
// (our own made-up posts in the real shapes), each exchange once and in order: the chain's
// requests are checked as well as its answer.
import { expect } from 'chai';
import nock from 'nock';
import { given } from '../../support/given.js';

describe('PleromaAdapter', () => {
  afterEach(() => nock.cleanAll());

  it("when the API answers a status with one image, returns an image card with its size, alt text, counts and times", async () => {
    const { result, requests } = await given('pleroma', 'image', { once: true }).resolve("https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://akko.wtf/media/estuary.jpg",
          "width": 1600,
          "height": 1200,
          "alt": "Mudflats with a single heron"
        },
        "title": "Inês Moura (@ines)",
        "author": {
          "name": "Inês Moura",
          "url": "https://akko.wtf/@ines",
          "handle": "ines",
          "avatar": "https://akko.wtf/media/avatars/ines.png"
        },
        "nsfw": false,
        "description": "Low tide at the estuary this morning.",
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
      "GET https://akko.wtf/api/v1/statuses/AQb3xYz9Kp2LmNoPqR"
    ]);
  });

  it("when the post quotes another, returns the quote as a compact card and shows its media while the post has none", async () => {
    const { result, requests } = await given('pleroma', 'quote', { once: true }).resolve("https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://akko.wtf/media/bird.jpg",
          "width": 1600,
          "height": 1200,
          "alt": "A small brown bird"
        },
        "title": "Inês Moura (@ines)",
        "author": {
          "name": "Inês Moura",
          "url": "https://akko.wtf/@ines",
          "handle": "ines",
          "avatar": "https://akko.wtf/media/avatars/ines.png"
        },
        "nsfw": false,
        "description": "A dunlin, I think.",
        "publishedAt": "2025-06-02T08:15:30Z",
        "lang": "en",
        "quote": {
          "platform": "pleroma",
          "canonicalUrl": "https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqQ",
          "kind": "image",
          "title": "Tomás (@tomas)",
          "description": "Which bird is this?",
          "author": {
            "name": "Tomás",
            "url": "https://akko.wtf/@tomas",
            "handle": "tomas",
            "avatar": "https://akko.wtf/media/avatars/tomas.png"
          },
          "publishedAt": "2025-06-02T08:15:30Z",
          "image": {
            "url": "https://akko.wtf/media/bird.jpg",
            "width": 1600,
            "height": 1200,
            "alt": "A small brown bird"
          }
        },
        "replyTo": {
          "canonicalUrl": "https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqP",
          "handle": "birder@pleroma.example"
        },
        "stats": {
          "likes": 7,
          "reposts": 2,
          "replies": 1
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://akko.wtf/api/v1/statuses/AQb3xYz9Kp2LmNoPqR"
    ]);
  });

  it("when the API wants a token or signature (401/403), moves on to the ActivityPub object and reads its card", async () => {
    const { result, requests } = await given('pleroma', 'activitypub', { once: true }).resolve("https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://akko.wtf/media/poster.jpg",
          "width": 800,
          "height": 1200,
          "alt": "A film poster"
        },
        "nsfw": true,
        "title": "@ines@akko.wtf",
        "description": "Spoiler-free review inside.",
        "contentWarning": "film talk",
        "author": {
          "name": "ines@akko.wtf",
          "url": "https://akko.wtf/users/ines",
          "handle": "ines@akko.wtf"
        },
        "publishedAt": "2025-06-02T08:15:30Z",
        "lang": "en"
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://akko.wtf/api/v1/statuses/AQb3xYz9Kp2LmNoPqR",
      "GET https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR"
    ]);
  });

  it("when the API and the ActivityPub object both refuse an anonymous client, reads the page's Open Graph tags", async () => {
    const { result, requests } = await given('pleroma', 'page', { once: true }).resolve("https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://akko.wtf/media/estuary.jpg",
          "width": 1200,
          "height": 800
        },
        "title": "Inês Moura:",
        "nsfw": false,
        "description": "Low tide at the estuary this morning."
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://akko.wtf/api/v1/statuses/AQb3xYz9Kp2LmNoPqR",
      "GET https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR",
      "GET https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR"
    ]);
  });

  it("when the server says the post does not exist, returns not-found and asks nothing more", async () => {
    const { result, requests } = await given('pleroma', 'not-found', { once: true }).resolve("https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "not-found"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://akko.wtf/api/v1/statuses/AQb3xYz9Kp2LmNoPqR"
    ]);
  });

  it("when the server says the post is not visible to this reader, returns private after trying the object and the page", async () => {
    const { result, requests } = await given('pleroma', 'private', { once: true }).resolve("https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "private"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://akko.wtf/api/v1/statuses/AQb3xYz9Kp2LmNoPqR",
      "GET https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR",
      "GET https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR"
    ]);
  });

  it("when every strategy refuses an unsigned, anonymous client, returns blocked", async () => {
    const { result, requests } = await given('pleroma', 'signed-fetch', { once: true }).resolve("https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "blocked"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://akko.wtf/api/v1/statuses/AQb3xYz9Kp2LmNoPqR",
      "GET https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR",
      "GET https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR"
    ]);
  });

  it("when the URL names the ActivityPub object (/objects/{uuid}) and the server does not redirect it to a notice, reads the object itself", async () => {
    const { result, requests } = await given('pleroma', 'object', { once: true }).resolve("https://akko.wtf/objects/0f3c9a52-6a7e-4d0e-9a51-7d1b2c3d4e5f");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "link",
        "nsfw": false,
        "title": "@ines@akko.wtf",
        "description": "Tide tables for June.",
        "author": {
          "name": "ines@akko.wtf",
          "url": "https://akko.wtf/users/ines",
          "handle": "ines@akko.wtf"
        },
        "publishedAt": "2025-06-02T08:15:30Z"
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://akko.wtf/objects/0f3c9a52-6a7e-4d0e-9a51-7d1b2c3d4e5f",
      "GET https://akko.wtf/objects/0f3c9a52-6a7e-4d0e-9a51-7d1b2c3d4e5f"
    ]);
  });

  it("when the URL names the ActivityPub object and the server redirects its page to /notice/{id}, reads that notice from the API and answers with its URL", async () => {
    const { result, requests } = await given('pleroma', 'object-notice', { once: true }).resolve("https://akko.wtf/objects/0f3c9a52-6a7e-4d0e-9a51-7d1b2c3d4e5f");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://akko.wtf/media/estuary.jpg",
          "width": 1600,
          "height": 1200,
          "alt": "Mudflats with a single heron"
        },
        "title": "Inês Moura (@ines)",
        "author": {
          "name": "Inês Moura",
          "url": "https://akko.wtf/@ines",
          "handle": "ines",
          "avatar": "https://akko.wtf/media/avatars/ines.png"
        },
        "nsfw": false,
        "description": "Low tide at the estuary this morning.",
        "publishedAt": "2025-06-02T08:15:30Z",
        "lang": "en",
        "stats": {
          "likes": 7,
          "reposts": 2,
          "replies": 1
        }
      },
      "canonicalUrl": "https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://akko.wtf/objects/0f3c9a52-6a7e-4d0e-9a51-7d1b2c3d4e5f",
      "GET https://akko.wtf/api/v1/statuses/AQb3xYz9Kp2LmNoPqR"
    ]);
  });
});

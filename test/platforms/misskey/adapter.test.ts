// The Misskey adapter through the real HTTP adapter, nock answering from test/platforms/misskey/fixtures/
// (our own made-up posts in the real shapes), each exchange once and in order: the chain's
// requests are checked as well as its answer.
import { expect } from 'chai';
import nock from 'nock';
import { given } from '../../support/given.js';

describe('MisskeyAdapter', () => {
  afterEach(() => nock.cleanAll());

  it("when the API answers several images, returns a gallery in post order (sensitive files make it nsfw)", async () => {
    const { result, requests } = await given('misskey', 'gallery', { once: true }).resolve("https://misskey.io/notes/a1b2c3d4e5");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "gallery",
        "image": {
          "url": "https://media.misskey.io/files/s1.webp",
          "width": 1200,
          "height": 900,
          "alt": "Pencil sketch of a conductor"
        },
        "images": [
          {
            "url": "https://media.misskey.io/files/s1.webp",
            "width": 1200,
            "height": 900,
            "alt": "Pencil sketch of a conductor"
          },
          {
            "url": "https://media.misskey.io/files/s2.webp",
            "width": 1200,
            "height": 900
          }
        ],
        "title": "Yuki (@yuki_draws)",
        "author": {
          "name": "Yuki",
          "url": "https://misskey.io/@yuki_draws",
          "handle": "yuki_draws",
          "avatar": "https://misskey.io/files/avatar-yuki.webp"
        },
        "nsfw": true,
        "description": "New sketches from the train today :blobcat:",
        "contentWarning": "rough drafts",
        "publishedAt": "2025-06-02T08:15:30Z",
        "stats": {
          "likes": 7,
          "reposts": 2,
          "replies": 1
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "POST https://misskey.io/api/notes/show"
    ]);
  });

  it("when the post quotes another, returns the quote as a compact card and shows its media while the post has none", async () => {
    const { result, requests } = await given('misskey', 'quote', { once: true }).resolve("https://misskey.io/notes/a1b2c3d4e5");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://media.misskey.io/files/c1.webp",
          "width": 1200,
          "height": 900,
          "alt": "Two cover designs"
        },
        "title": "Yuki (@yuki_draws)",
        "author": {
          "name": "Yuki",
          "url": "https://misskey.io/@yuki_draws",
          "handle": "yuki_draws",
          "avatar": "https://misskey.io/files/avatar-yuki.webp"
        },
        "nsfw": false,
        "description": "This is the one.",
        "publishedAt": "2025-06-02T08:15:30Z",
        "quote": {
          "platform": "misskey",
          "canonicalUrl": "https://misskey.io/notes/a1b2c3d4e0",
          "kind": "image",
          "title": "Ren (@ren@sharkey.example)",
          "author": {
            "name": "Ren",
            "url": "https://misskey.io/@ren@sharkey.example",
            "handle": "ren@sharkey.example",
            "avatar": "https://sharkey.example/files/ren.webp"
          },
          "description": "Vote for the cover!",
          "publishedAt": "2025-06-02T08:15:30Z",
          "image": {
            "url": "https://media.misskey.io/files/c1.webp",
            "width": 1200,
            "height": 900,
            "alt": "Two cover designs"
          }
        },
        "poll": {
          "options": [
            {
              "label": "Blue",
              "votes": 12
            },
            {
              "label": "Green",
              "votes": 5
            }
          ],
          "endsAt": "2025-06-03T08:00:00Z",
          "closed": true
        },
        "stats": {
          "likes": 7,
          "reposts": 2,
          "replies": 1
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "POST https://misskey.io/api/notes/show"
    ]);
  });

  it("when the note is a renote without text, shows the renoted note and its author", async () => {
    const { result, requests } = await given('misskey', 'renote', { once: true }).resolve("https://misskey.io/notes/a1b2c3d4e5");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://media.misskey.io/files/c1.webp",
          "width": 1200,
          "height": 900,
          "alt": "Two cover designs"
        },
        "title": "Ren (@ren@sharkey.example)",
        "author": {
          "name": "Ren",
          "url": "https://misskey.io/@ren@sharkey.example",
          "handle": "ren@sharkey.example",
          "avatar": "https://sharkey.example/files/ren.webp"
        },
        "nsfw": false,
        "description": "Vote for the cover!",
        "publishedAt": "2025-06-02T08:15:30Z",
        "stats": {
          "likes": 7,
          "reposts": 2,
          "replies": 1
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "POST https://misskey.io/api/notes/show"
    ]);
  });

  it("when the API wants a token or signature (401/403), moves on to the ActivityPub object and reads its card", async () => {
    const { result, requests } = await given('misskey', 'activitypub', { once: true }).resolve("https://misskey.io/notes/a1b2c3d4e5");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://media.misskey.io/files/s3.webp",
          "alt": "Ink drawing of a tram"
        },
        "nsfw": false,
        "title": "@9xyz000001@misskey.io",
        "description": "Sketchbook day three",
        "author": {
          "name": "9xyz000001@misskey.io",
          "url": "https://misskey.io/users/9xyz000001",
          "handle": "9xyz000001@misskey.io"
        },
        "publishedAt": "2025-06-02T08:15:30Z",
        "quote": {
          "platform": "misskey",
          "canonicalUrl": "https://misskey.io/notes/a1b2c3d4e0",
          "kind": "link"
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "POST https://misskey.io/api/notes/show",
      "GET https://misskey.io/notes/a1b2c3d4e5"
    ]);
  });

  it("when the API and the ActivityPub object both refuse an anonymous client, reads the page's Open Graph tags", async () => {
    const { result, requests } = await given('misskey', 'page', { once: true }).resolve("https://misskey.io/notes/a1b2c3d4e5");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://media.misskey.io/files/s3.webp",
          "width": 1200,
          "height": 800
        },
        "title": "Yuki (@yuki_draws)",
        "nsfw": false,
        "description": "Sketchbook day three"
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "POST https://misskey.io/api/notes/show",
      "GET https://misskey.io/notes/a1b2c3d4e5",
      "GET https://misskey.io/notes/a1b2c3d4e5"
    ]);
  });

  it("when the server says the post does not exist, returns not-found and asks nothing more", async () => {
    const { result, requests } = await given('misskey', 'not-found', { once: true }).resolve("https://misskey.io/notes/a1b2c3d4e5");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "not-found"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "POST https://misskey.io/api/notes/show"
    ]);
  });

  it("when the server says the post is not visible to this reader, returns private after trying the object and the page", async () => {
    const { result, requests } = await given('misskey', 'private', { once: true }).resolve("https://misskey.io/notes/a1b2c3d4e5");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "private"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "POST https://misskey.io/api/notes/show",
      "GET https://misskey.io/notes/a1b2c3d4e5",
      "GET https://misskey.io/notes/a1b2c3d4e5"
    ]);
  });

  it("when every strategy refuses an unsigned, anonymous client, returns blocked", async () => {
    const { result, requests } = await given('misskey', 'signed-fetch', { once: true }).resolve("https://misskey.io/notes/a1b2c3d4e5");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "blocked"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "POST https://misskey.io/api/notes/show",
      "GET https://misskey.io/notes/a1b2c3d4e5",
      "GET https://misskey.io/notes/a1b2c3d4e5"
    ]);
  });
});

// The Lemmy adapter through the real HTTP adapter, nock answering from test/platforms/lemmy/fixtures/
// (our own made-up posts in the real shapes), each exchange once and in order: the chain's
// requests are checked as well as its answer.
import { expect } from 'chai';
import nock from 'nock';
import { given } from '../../support/given.js';

describe('LemmyAdapter', () => {
  afterEach(() => nock.cleanAll());

  it("when the post links an article, returns a link card with its title, Markdown body as text, preview, community and counts", async () => {
    const { result, requests } = await given('lemmy', 'link-post', { once: true }).resolve("https://lemmy.world/post/4242");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "link",
        "title": "Finishing oils compared",
        "nsfw": false,
        "image": {
          "url": "https://lemmy.world/pictrs/image/oils.jpeg"
        },
        "description": "I tried five oils on oak. Results in the write-up (https://blog.example/oils).",
        "author": {
          "name": "Quill",
          "url": "https://lemmy.world/u/quill",
          "handle": "quill@lemmy.world",
          "avatar": "https://lemmy.world/pictrs/image/quill.png"
        },
        "publishedAt": "2025-06-02T08:15:30Z",
        "link": {
          "url": "https://blog.example/oils",
          "title": "Five finishing oils",
          "description": "Tested on oak",
          "image": {
            "url": "https://lemmy.world/pictrs/image/oils.jpeg"
          }
        },
        "community": {
          "name": "Woodworking",
          "url": "https://lemmy.world/c/woodworking"
        },
        "stats": {
          "likes": 45,
          "replies": 9,
          "score": 42
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://lemmy.world/api/v3/post?id=4242"
    ]);
  });

  it("when the post links an image (and its community is nsfw), returns an image card marked nsfw with a zone-less time read as UTC", async () => {
    const { result, requests } = await given('lemmy', 'image-post', { once: true }).resolve("https://lemmy.world/post/4243");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "title": "My first dovetail",
        "nsfw": true,
        "image": {
          "url": "https://lemmy.world/pictrs/image/dovetail.jpeg"
        },
        "author": {
          "name": "Quill",
          "url": "https://lemmy.world/u/quill",
          "handle": "quill@lemmy.world",
          "avatar": "https://lemmy.world/pictrs/image/quill.png"
        },
        "publishedAt": "2023-06-20T17:45:50Z",
        "community": {
          "name": "Woodworking",
          "url": "https://lemmy.world/c/woodworking"
        },
        "stats": {
          "likes": 45,
          "replies": 9,
          "score": 42
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://lemmy.world/api/v3/post?id=4243"
    ]);
  });

  it("when the URL is a comment, returns its text under its author, the post it answers and its counts", async () => {
    const { result, requests } = await given('lemmy', 'comment', { once: true }).resolve("https://lemmy.world/comment/977");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "link",
        "nsfw": false,
        "title": "Quill (@quill@lemmy.world)",
        "description": "Try shellac first.",
        "author": {
          "name": "Quill",
          "url": "https://lemmy.world/u/quill",
          "handle": "quill@lemmy.world",
          "avatar": "https://lemmy.world/pictrs/image/quill.png"
        },
        "publishedAt": "2025-06-02T09:00:00Z",
        "replyTo": {
          "canonicalUrl": "https://lemmy.world/post/4242"
        },
        "community": {
          "name": "Woodworking",
          "url": "https://lemmy.world/c/woodworking"
        },
        "stats": {
          "likes": 5,
          "replies": 2,
          "score": 5
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://lemmy.world/api/v3/comment?id=977"
    ]);
  });

  it("when the API wants a token or signature (401/403), moves on to the ActivityPub object and reads its card", async () => {
    const { result, requests } = await given('lemmy', 'activitypub', { once: true }).resolve("https://lemmy.world/post/4242");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "link",
        "nsfw": false,
        "title": "Finishing oils compared",
        "description": "I tried five oils on oak.",
        "author": {
          "name": "quill@lemmy.world",
          "url": "https://lemmy.world/u/quill",
          "handle": "quill@lemmy.world"
        },
        "publishedAt": "2025-06-02T08:15:30Z",
        "lang": "en",
        "link": {
          "url": "https://blog.example/oils"
        },
        "community": {
          "name": "woodworking",
          "url": "https://lemmy.world/c/woodworking"
        }
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://lemmy.world/api/v3/post?id=4242",
      "GET https://lemmy.world/post/4242"
    ]);
  });

  it("when the API and the ActivityPub object both refuse an anonymous client, reads the page's Open Graph tags", async () => {
    const { result, requests } = await given('lemmy', 'page', { once: true }).resolve("https://lemmy.world/post/4242");
    expect(result).to.deep.equal({
      "ok": true,
      "card": {
        "kind": "image",
        "image": {
          "url": "https://lemmy.world/pictrs/image/oils.jpeg",
          "width": 1200,
          "height": 800
        },
        "title": "Finishing oils compared - Lemmy.World",
        "nsfw": false,
        "description": "I tried five oils on oak."
      }
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://lemmy.world/api/v3/post?id=4242",
      "GET https://lemmy.world/post/4242",
      "GET https://lemmy.world/post/4242"
    ]);
  });

  it("when the server says the post does not exist, returns not-found and asks nothing more", async () => {
    const { result, requests } = await given('lemmy', 'not-found', { once: true }).resolve("https://lemmy.world/post/4242");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "not-found"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://lemmy.world/api/v3/post?id=4242"
    ]);
  });

  it("when the API answers a deleted post, returns not-found", async () => {
    const { result, requests } = await given('lemmy', 'deleted', { once: true }).resolve("https://lemmy.world/post/4242");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "not-found"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://lemmy.world/api/v3/post?id=4242"
    ]);
  });

  it("when every strategy refuses an unsigned, anonymous client, returns blocked", async () => {
    const { result, requests } = await given('lemmy', 'signed-fetch', { once: true }).resolve("https://lemmy.world/post/4242");
    expect(result).to.deep.equal({
      "ok": false,
      "reason": "blocked"
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
      "GET https://lemmy.world/api/v3/post?id=4242",
      "GET https://lemmy.world/post/4242",
      "GET https://lemmy.world/post/4242"
    ]);
  });
});

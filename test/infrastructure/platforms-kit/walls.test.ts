// The kit's wall detection: one table of the pages platforms put in place of a post.
import { expect } from 'chai';
import type { HttpResponse } from '../../../src/application/ports/http.port.js';
import { readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import { isLoginPage, isMarkup, isWallUrl, pageRefusal, pageWithoutPost } from '../../../src/infrastructure/platforms/kit/walls.js';

const response = (url: string, status: number): HttpResponse => ({ status, url, headers: {}, body: Buffer.alloc(0), text: () => '', json: () => null });

describe('walls', () => {
  it("when a URL is Meta's login, checkpoint or challenge page or Google's consent page, it is a wall", () => {
    for (const url of [
      'https://www.instagram.com/accounts/login/?next=%2Fp%2Fx%2F',
      'https://www.instagram.com/challenge/?next=/p/x/',
      'https://www.facebook.com/login/?next=x',
      'https://m.facebook.com/checkpoint/block/',
      'https://www.threads.com/login/?next=%2F%40a%2Fpost%2Fb',
      'https://www.threads.net/accounts/login/',
      'https://consent.youtube.com/m?continue=x',
      'https://consent.google.com/ml?continue=x',
    ]) {
      expect(isWallUrl(url), url).to.equal(true);
    }
  });

  it('when a URL is a post, another site or not a URL, it is no wall; relative ones are read against the base', () => {
    for (const url of ['https://www.instagram.com/p/login/', 'https://www.facebook.com/loginpage.post/posts/1', 'https://evil.example/login/', 'https://www.youtube.com/watch?v=x', 'https://notfacebook.com/login', '::']) {
      expect(isWallUrl(url), url).to.equal(false);
    }
    expect(isWallUrl('/login/web/', 'https://www.facebook.com')).to.equal(true);
    expect(isWallUrl(new URL('https://www.threads.com/login'))).to.equal(true);
  });

  it('when a page request landed on a wall, refuses it as blocked; otherwise its status speaks', () => {
    expect(pageRefusal(response('https://www.instagram.com/accounts/login/', 200))).to.equal('blocked');
    expect(pageRefusal(response('https://www.instagram.com/p/x/', 404))).to.equal('not-found');
    expect(pageRefusal(response('https://www.instagram.com/p/x/', 200))).to.equal(undefined);
  });

  it("when a page served at the post's URL says it is a login page (og:url, canonical link or title), it is one", () => {
    const origin = 'https://www.facebook.com';
    const page = (head: string) => `<html><head>${head}</head><body></body></html>`;
    for (const html of [
      page('<link rel="canonical" href="/login/web/">'),
      page('<meta property="og:url" content="https://www.threads.com/login/">'),
      page('<title>Log into Facebook</title>'),
      page('<meta property="og:title" content="Facebook - log in or sign up">'),
    ]) {
      expect(isLoginPage(html, origin), html).to.equal(true);
    }
    const post = page('<title>Little Mix | Facebook</title><meta property="og:url" content="https://www.facebook.com/LittleMix/posts/pfbid0x">');
    expect(isLoginPage(post, origin, readMetaTags(post))).to.equal(false);
    expect(isLoginPage(post, origin)).to.equal(false);
  });

  it('when a body is markup where a page or JSON was asked for, it is a wall or bot check; anything else is unreadable', () => {
    expect(isMarkup('\uFEFF  <!doctype html><title>whoa there, pardner!</title>')).to.equal(true);
    expect(isMarkup('{"data":1}')).to.equal(false);
    expect(pageWithoutPost('<html></html>')).to.equal('blocked');
    expect(pageWithoutPost('')).to.equal('upstream-error');
  });
});

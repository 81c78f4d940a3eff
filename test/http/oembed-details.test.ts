// What the oEmbed answer takes from the post details (issue 15): the author's profile URL, and a
// photo's alt text as the title of a photo post that has no text — nothing else, nothing invented.
import { expect } from 'chai';
import type { ResolveResult } from '../../src/application/use-cases/resolve.js';
import { toOEmbed } from '../../src/interfaces/http/oembed.js';

const base = { platform: 'bluesky', canonicalUrl: 'https://bsky.app/profile/ana.test/post/3l1', siteName: 'Bluesky', themeColor: '#1185fe', nsfw: false, cacheHit: false } as const;
const author = { name: 'Ana', url: 'https://bsky.app/profile/ana.test', handle: 'ana.test', avatar: 'https://cdn.bsky.app/img/avatar/plain/a@jpeg' };
const photo = (fields: Record<string, unknown>): ResolveResult =>
  ({ status: 'ok', kind: 'image', ...base, author, title: 'Ana (@ana.test)', image: { url: 'https://cdn.bsky.app/img/p.jpg', width: 800, height: 600, alt: 'A heron on one leg' }, ...fields }) as ResolveResult;

describe('the oEmbed builder: post details', () => {
  it('gives the author URL, never the avatar', () => {
    const answer = toOEmbed(photo({ description: 'Morning walk' }), {}, 3600)!;
    expect(answer).to.include({ author_name: 'Ana', author_url: 'https://bsky.app/profile/ana.test' });
    expect(Object.values(answer)).not.to.include(author.avatar);
  });

  it('titles a photo post without text by its alt text', () => {
    expect(toOEmbed(photo({}), {}, 3600)).to.include({ type: 'photo', title: 'A heron on one leg' });
  });

  it('keeps the card title when the post has text, a title of its own, or the photo no alt', () => {
    expect(toOEmbed(photo({ description: 'Morning walk' }), {}, 3600)).to.include({ title: 'Ana (@ana.test)' });
    expect(toOEmbed(photo({ title: 'Herons of the Severn' }), {}, 3600)).to.include({ title: 'Herons of the Severn' });
    expect(toOEmbed(photo({ image: { url: 'https://cdn.bsky.app/img/p.jpg', width: 800, height: 600 } }), {}, 3600)).to.include({ title: 'Ana (@ana.test)' });
  });

  it('never uses alt text for a video or a link answer', () => {
    const video = toOEmbed(photo({ kind: 'video', video: { url: 'https://video.bsky.app/p.m3u8', mimeType: 'application/vnd.apple.mpegurl', needsProxy: false } }), {}, 3600)!;
    expect(video).to.include({ type: 'video', title: 'Ana (@ana.test)' });
  });
});

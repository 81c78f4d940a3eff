// The web corpus read by the extractor (issue 28, point 8): each real page pushed through the
// streaming page reader and the field rules as the web platform pushes it, and the card compared
// field by field with the one read from the page by hand.
import { expect } from 'chai';
import { createPageReader, extractWebFields, type WebFields } from '../../../src/infrastructure/platforms/web/page/index.js';
import { CORPUS_PAGES } from './corpus/pages.js';
import { readCorpusPage } from './corpus/corpus-files.js';
import { cardMismatches, type ObservedCard } from './corpus/expect-card.js';

/** WEB_MAX_BYTES' default (docs/design.md §3 "Reading"); pages are pushed in chunks, as the web platform does. */
const WEB_MAX_BYTES = 1024 * 1024;
const CHUNK_BYTES = 16 * 1024;


function observe(fields: WebFields): ObservedCard {
  return {
    kind: fields.kind,
    title: fields.title,
    description: fields.description,
    image: fields.image?.url,
    images: fields.images?.length,
    video: fields.video && { url: fields.video.url, mimeType: fields.video.mimeType },
    siteName: fields.siteName,
    author: fields.author?.name,
    publishedAt: fields.publishedAt,
    lang: fields.lang,
    themeColor: fields.themeColor,
    canonical: fields.declaredCanonical,
    icon: fields.icon?.url,
    oembed: fields.oembedDiscovery,
    nsfw: fields.nsfw,
  };
}

describe('web corpus read by the page extractor (createPageReader, extractWebFields)', () => {
  for (const page of CORPUS_PAGES) {
    it(`${page.name}: gives the card read by hand`, function () {
      const bytes = readCorpusPage(page);
      if (bytes === undefined) {
        console.log(`notice: ../shared/fixtures/upstream not found; ${page.name} not read`);
        this.skip();
      }
      const reader = createPageReader({ contentType: page.contentType, url: page.url, maxBytes: WEB_MAX_BYTES });
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
        if (reader.push(bytes.subarray(at, at + CHUNK_BYTES)) === 'enough') break;
      }
      const mismatches = cardMismatches(page.expected, observe(extractWebFields(reader.finish())));
      expect(mismatches).to.deep.equal([]);
    });
  }
});

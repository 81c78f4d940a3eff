// The web adapter's page reading (docs/design.md §3 "Reading", "Fields", "Not HTML"): the page/ module's
// streaming readers and field rules behind the adapter's PageReading seam — an HTML page read by
// its head (and its body's JSON-LD), an image, video or audio answer as a card of the file, any
// other type a link titled by its file name — and its WebFields made the card the adapter answers.
import type { Card } from '../../../domain/card.js';
import { bodyFormatOf, createFileReader, createPageReader, extractWebFields, fileFields, interstitialOf, linkFields, mediaTypeOf, oembedFacts, type WebFields } from './page/index.js';
import type { AnswerToRead, BodyReading, PageFields, PageReading } from './page-reading.js';

export const pageModuleReading: PageReading = {
  reader(answer: AnswerToRead): BodyReading {
    const format = bodyFormatOf(answer.contentType);
    if (format === 'html') {
      const reader = createPageReader({ ...(answer.contentType === undefined ? {} : { contentType: answer.contentType }), url: answer.url, maxBytes: answer.maxBytes });
      return {
        push: (chunk) => reader.push(chunk),
        finish: () => {
          const facts = reader.finish();
          const options = answer.link === undefined ? {} : { linkHeader: answer.link };
          const plain = extractWebFields(facts, options);
          return {
            interstitial: interstitialOf(answer.url, facts) !== undefined,
            ...(plain.oembedDiscovery === undefined ? {} : { oembedDiscovery: plain.oembedDiscovery }),
            fields: (oembed) => {
              const answered = oembed === undefined ? undefined : oembedFacts(oembed);
              return pageFields(answered ? extractWebFields(facts, { ...options, oembed: answered }) : plain);
            },
          };
        },
      };
    }
    if (format === 'media') {
      const reader = createFileReader({ mimeType: mediaTypeOf(answer.contentType), url: answer.url, maxBytes: answer.maxBytes });
      return { push: (chunk) => reader.push(chunk), finish: () => ({ interstitial: interstitialOf(answer.url) !== undefined, fields: () => pageFields(fileFields(reader.finish())) }) };
    }
    return { push: () => 'enough', finish: () => ({ interstitial: interstitialOf(answer.url) !== undefined, fields: () => pageFields(linkFields(answer.url)) }) };
  },
};

/** WebFields as the card: an author only with both a name and a URL (the contract's Author needs both). */
function pageFields(fields: WebFields): PageFields {
  const { kind, title, description, image, images, video, audio, author, siteName, publishedAt, editedAt, lang, themeColor, nsfw, icon, declaredCanonical } = fields;
  const card: Card = { kind, nsfw, siteName, themeColor };
  if (title !== undefined) card.title = title;
  if (description !== undefined) card.description = description;
  if (image) card.image = image;
  if (images) card.images = images;
  if (video) card.video = video;
  if (audio) card.audio = audio;
  if (author?.name !== undefined && author.url !== undefined) card.author = { name: author.name, url: author.url };
  if (publishedAt !== undefined) card.publishedAt = publishedAt;
  if (editedAt !== undefined) card.editedAt = editedAt;
  if (lang !== undefined) card.lang = lang;
  if (icon) card.icon = icon;
  return declaredCanonical === undefined ? { card } : { card, declaredCanonical };
}

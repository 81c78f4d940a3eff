// The open web's page reading and field extraction (docs/design.md §3), pure: what the web platform
// feeds with an answer's bytes and maps onto a card.
export { bodyFormatOf, mediaTypeOf, type BodyFormat } from './body-format.js';
export { extractWebFields, type ExtractOptions } from './extract-web-fields.js';
export { fileFields, fileNameOf, linkFields } from './file-fields.js';
export { createFileReader, type FileFacts } from './file-reader.js';
export { interstitialOf, type Interstitial } from './interstitial.js';
export { oembedFacts, type OembedFacts } from './oembed-facts.js';
export type { PageFacts } from './page-facts.js';
export { createPageReader, type BodyReader, type PageReaderOptions, type ReadVerdict } from './page-reader.js';
export { httpUrl } from './page-urls.js';
export { DEFAULT_THEME_COLOR, type WebAuthor, type WebFields, type WebIcon } from './web-fields.js';

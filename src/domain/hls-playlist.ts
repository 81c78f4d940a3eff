// Rewrites an HLS playlist (RFC 8216) so that every URI in it — variant and rendition playlists,
// segments, partial segments, keys and init maps, relative or absolute — is replaced by what
// `replace` makes of it (the media proxy: a `/v/` token sealing the same headers and expiry).
// Pure text in, text out; URIs `replace` declines (not https, off the allowlist) stay as they are.

export type HlsUriKind = 'playlist' | 'segment' | 'key' | 'map' | 'subtitles';

/** What a replacement is asked for: the URI made absolute, and what it names. */
export interface HlsUri {
  url: string;
  kind: HlsUriKind;
}

/** Tags whose `URI="…"` attribute names something a player fetches, and what it names. */
const URI_TAGS: Readonly<Record<string, HlsUriKind>> = {
  'EXT-X-KEY': 'key',
  'EXT-X-SESSION-KEY': 'key',
  'EXT-X-MAP': 'map',
  'EXT-X-MEDIA': 'playlist',
  'EXT-X-I-FRAME-STREAM-INF': 'playlist',
  'EXT-X-RENDITION-REPORT': 'playlist',
  'EXT-X-PART': 'segment',
  'EXT-X-PRELOAD-HINT': 'segment',
};

/** The attribute exactly (not `KEYFORMAT…`), quoted as the RFC requires. */
const URI_ATTRIBUTE = /([:,]\s*URI=")([^"]*)(")/;

export function isHlsPlaylist(text: string): boolean {
  return text.replace(/^\uFEFF/, '').startsWith('#EXTM3U');
}

/**
 * Returns the playlist with its URIs replaced. `baseUrl` is where the playlist was fetched from
 * (after redirects): relative URIs resolve against it. Line endings are kept.
 */
export function rewriteHlsPlaylist(text: string, baseUrl: string, replace: (uri: HlsUri) => string | undefined): string {
  const isMaster = /^#EXT-X-STREAM-INF:/m.test(text);
  let afterStreamInf = false;
  const swap = (raw: string, kind: HlsUriKind): string => {
    const url = absolute(raw.trim(), baseUrl);
    return url === undefined ? raw : (replace({ url, kind }) ?? raw);
  };
  return text
    .split(/(\r?\n)/)
    .map((line, i) => {
      if (i % 2 === 1 || line.trim() === '') return line; // separators and blank lines
      if (line.startsWith('#')) {
        const tag = /^#([A-Z0-9-]+)/.exec(line)?.[1] ?? '';
        if (tag === 'EXT-X-STREAM-INF') afterStreamInf = true;
        const kind = URI_TAGS[tag];
        if (!kind) return line;
        const hint = tag === 'EXT-X-PRELOAD-HINT' && /[:,]TYPE=MAP/.test(line) ? 'map' : kind;
        return line.replace(URI_ATTRIBUTE, (_, open: string, uri: string, close: string) => open + swap(uri, hint) + close);
      }
      // A URI line: a variant playlist in a master playlist, a segment in a media playlist.
      const kind: HlsUriKind = isMaster || afterStreamInf ? 'playlist' : /\.(vtt|webvtt)(\?|$)/i.test(line) ? 'subtitles' : 'segment';
      afterStreamInf = false;
      return swap(line, kind);
    })
    .join('');
}

/** The media type a part of a playlist is minted as (what a bare octet-stream answer is served as). */
export function hlsPartType(part: HlsUri): string {
  if (part.kind === 'playlist') return 'application/vnd.apple.mpegurl';
  if (part.kind === 'key') return 'application/octet-stream';
  if (part.kind === 'subtitles') return 'text/vtt';
  const ext = extensionOf(part.url);
  return SEGMENT_TYPES[ext] ?? (part.kind === 'map' ? 'video/mp4' : 'video/mp2t');
}

const SEGMENT_TYPES: Readonly<Record<string, string>> = {
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  cmfv: 'video/mp4',
  m4a: 'audio/mp4',
  cmfa: 'audio/mp4',
  aac: 'audio/aac',
  mp3: 'audio/mpeg',
  vtt: 'text/vtt',
  webvtt: 'text/vtt',
};

/** The URL path's file extension, lower case, when it is a short plain one (`seg1.ts` → `ts`). */
export function extensionOf(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return '';
  }
  return /\.([A-Za-z0-9]{1,8})$/.exec(path)?.[1]?.toLowerCase() ?? '';
}

function absolute(uri: string, base: string): string | undefined {
  try {
    return new URL(uri, base).href;
  } catch {
    return undefined;
  }
}

// The type of a media file a page names without stating it, from its URL's extension: enough to
// tell a file a player can play from a player page or a Flash object.

const BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  ogv: 'video/ogg',
  m3u8: 'application/vnd.apple.mpegurl',
  mpd: 'application/dash+xml',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  opus: 'audio/opus',
  wav: 'audio/wav',
  flac: 'audio/flac',
  swf: 'application/x-shockwave-flash',
};

/** The media type the URL's extension says, or undefined. */
export function typeByExtension(url: string): string | undefined {
  const extension = /\.([a-z0-9]{2,5})$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : BY_EXTENSION[extension];
}

/** A stated media type, lower-cased and without parameters. */
export function bareType(type: string | undefined): string | undefined {
  const bare = type?.split(';')[0]!.trim().toLowerCase();
  return bare ? bare : undefined;
}

/** Whether a type is a playable video file (`video/*`, HLS, DASH). */
export function isVideoFileType(type: string): boolean {
  return type.startsWith('video/') || type === 'application/vnd.apple.mpegurl' || type === 'application/x-mpegurl' || type === 'application/dash+xml';
}

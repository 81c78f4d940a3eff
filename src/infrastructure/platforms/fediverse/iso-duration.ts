// ISO 8601 durations as ActivityPub states them (PeerTube's `duration: "PT1145S"`), in seconds.

export function isoDurationSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^P(?:(\d{1,4})D)?(?:T(?:(\d{1,5})H)?(?:(\d{1,6})M)?(?:(\d{1,8}(?:\.\d{1,6})?)S)?)?$/.exec(value);
  if (!m || value === 'P' || value.endsWith('T')) return undefined;
  const [, d, h, min, s] = m;
  const total = Number(d ?? 0) * 86400 + Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + Number(s ?? 0);
  return total > 0 ? total : undefined;
}

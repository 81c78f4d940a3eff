// Bilibili's av number → BV id conversion (docs/design.md §3 "Canonical forms"): the 2023 algorithm, public in
// SocialSisterYi/bilibili-API-collect and Prcuvu/bilibili-aid-bvid-converter. Pure, BigInt
// throughout (the XOR runs over 52 bits, past what Number's bitwise operators keep).

const ALPHABET = 'FcwAPNKTMug3GV5Lj7EJnHpWsx4tb8haYeviqBz6rkCy12mUSDQX9RdoZf';
const XOR = 23442827791579n;
const BASE = 58n;
/** Aids convert only below 2^51: the flag bit the encoding sets is that one. */
export const MAX_AID = 1n << 51n;

/** The BV id of an av number, or undefined when it has none (aid ≥ 2^51). */
export function bvidOfAid(aid: bigint): string | undefined {
  if (aid < 0n || aid >= MAX_AID) return undefined;
  const chars = 'BV1000000000'.split('');
  let rest = (MAX_AID | aid) ^ XOR;
  // Written from the right; (2^51 | aid) needs all nine digits, so no '0' of the template is left.
  for (let at = chars.length - 1; rest > 0n; at--) {
    chars[at] = ALPHABET[Number(rest % BASE)]!;
    rest /= BASE;
  }
  [chars[3], chars[9]] = [chars[9]!, chars[3]!];
  [chars[4], chars[7]] = [chars[7]!, chars[4]!];
  return chars.join('');
}

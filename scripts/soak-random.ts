// The soak's randomness: deterministic (mulberry32 from a fixed seed), so two runs send the same
// traffic, with the soak's own helpers for garbage input and forged tokens.
/** Deterministic randomness (mulberry32), so two runs send the same traffic. */
export class Random {
  constructor(private state: number) {}
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Arbitrary text up to 300 characters, URL-ish or not. */
  garbage(): string {
    const alphabet = 'abcXYZ019:/?#[]@!$&\'()*+,;=%.-_~ \u00e9\u4e2d\ud83d\ude00';
    const prefix = this.pick(['', 'https://', 'http://bsky.app/profile/', 'https://x.com/', '//', 'javascript:']);
    return prefix + Array.from({ length: this.int(0, 300) }, () => this.pick([...alphabet])).join('');
  }
  token(): string {
    const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    return Array.from({ length: this.int(10, 200) }, () => this.pick([...b64])).join('');
  }
}

// npm run screenshot: the README's picture (docs/playground.png), the playground drawing the card of
// a shipped example post (examples/replay), taken in Debian's Chromium offline; the platform's
// pictures are the drawn stand-ins of test/support/playground-browser.ts.
import { writeFileSync } from 'node:fs';
import { launchChromium, openPlayground, startReplayService } from '../test/support/playground-browser.js';

const POST = process.argv[2] ?? 'https://bsky.app/profile/nora.test/post/3lqlighthouse2';
const OUT = 'docs/playground.png';

const service = await startReplayService('examples/replay');
const browser = await launchChromium();
if (!browser) {
  console.error('/usr/bin/chromium is missing: apt-get install chromium');
  process.exit(1);
}
try {
  await browser.page.setViewportSize({ width: 1100, height: 720 });
  await openPlayground(browser.page, service.base, POST);
  await browser.page.locator('.result .embed').waitFor();
  await browser.page.waitForFunction(() => [...(globalThis as any).document.images].every((img: any) => img.complete));
  const png = await browser.page.locator('.result').screenshot({ type: 'png' });
  writeFileSync(OUT, png);
  console.log(`${OUT}: ${png.length} bytes`);
} finally {
  await browser.close();
  await service.close();
}

// postinstall: fixes undici 7.30.2's HTTP/1 parser crash (nodejs/undici#5360). When a response
// body is under backpressure the parser is paused; if the peer then closes the connection,
// `Parser.finish()` asserts `!this.paused` from the socket's 'end' handler, an uncatchable throw
// that kills the process. undici 8 fixes it (#5474) but needs Node >= 22.19 and there is no 7.x
// release with the fix, so the fix is applied here, the way #5474 does it: resume the paused parser
// and drive the bytes still buffered on the socket through it before finishing.
// A checked text patch rather than patch-package: the patch must also apply on production installs
// (`npm ci --omit=dev`), and any other undici version or file text fails the install loudly instead
// of shipping a service that can crash.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const MARKER = '/* postlens: paused-parser finish patch (nodejs/undici#5360) */';
const EXPECTED_VERSION = '7.30.2';
const BEFORE = `  finish () {
    assert(currentParser === null)
    assert(this.ptr != null)
    assert(!this.paused)
`;
const AFTER = `  finish () {
    assert(currentParser === null)
    assert(this.ptr != null)
    ${MARKER}
    // Backpressure is advisory here (the body keeps buffering what it is given), so a paused parser
    // is resumed, across pauses, until the socket holds no more bytes; then EOF completes it.
    // An empty execute drives a parser paused at the end of the body on to message complete; a
    // body without a length cannot complete that way and re-pauses, so it is resumed once more and
    // llhttp_finish() below delivers its EOF.
    while (this.paused && this.ptr != null) {
      this.llhttp.llhttp_resume(this.ptr)
      this.paused = false
      const chunk = this.socket.read()
      this.execute(chunk === null ? Buffer.alloc(0) : chunk)
      if (chunk === null && this.paused) {
        this.llhttp.llhttp_resume(this.ptr)
        this.paused = false
      }
    }
    if (this.ptr == null) return null
`;

const require = createRequire(import.meta.url);
let packageJson;
try {
  packageJson = require.resolve('undici/package.json');
} catch {
  process.exit(0); // undici not installed (nothing to patch)
}
const version = JSON.parse(readFileSync(packageJson, 'utf8')).version;
const file = join(dirname(packageJson), 'lib', 'dispatcher', 'client-h1.js');
const source = readFileSync(file, 'utf8');
if (source.includes(MARKER)) process.exit(0);
if (version !== EXPECTED_VERSION || !source.includes(BEFORE)) {
  console.error(`patch-undici: expected undici ${EXPECTED_VERSION} with the unpatched Parser.finish(), found ${version}; review scripts/patch-undici.mjs (nodejs/undici#5360)`);
  process.exit(1);
}
writeFileSync(file, source.replace(BEFORE, AFTER));
console.log(`patch-undici: patched undici ${version} Parser.finish() (nodejs/undici#5360)`);

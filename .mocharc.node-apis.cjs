// The suites that touch Node's own APIs (HTTP server and client, streams, sockets, process
// lifecycle, access, Redis): what .ci/run runs under Node 22 and 24 when the whole suite would not
// fit its time. POSTLENS_TEST_SET picks the parallel or the serial set (test/README.md); the options
// are that set's config, the files narrowed to these folders.
const set = process.env.POSTLENS_TEST_SET === 'serial' ? 'serial' : 'parallel';
const config = require(`./.mocharc.${set}.json`);
const folders = '{http,media,lifecycle,access,cache,infrastructure,ratelimit,resilience,ssrf,faults,load}';

module.exports = { ...config, spec: [`test/${folders}/**/*.${set === 'serial' ? 'serial.test' : 'test'}.ts`] };

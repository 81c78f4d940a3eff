// Preloaded into the service by shutdown-blocked-output.serial.test.ts. What the service writes to stderr
// is Node's own: warnings (a deprecation, a listener leak, an experimental feature). This emits a
// long one every 20 ms, so that during the test a stderr FIFO fills up, or meets its dead reader.
const text = `a warning written to stderr for the shutdown test ${'.'.repeat(2000)}`;
setInterval(() => process.emitWarning(text, 'TestWarning'), 20).unref();

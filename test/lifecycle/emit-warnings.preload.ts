// Preloaded into the service by shutdown-blocked-output.serial.test.ts. What the service writes to stderr
// is Node's own: warnings (a deprecation, a listener leak, an experimental feature). This emits a
// long one every 5 ms (~400 KB a second), so that within half a second a stderr FIFO fills up
// (a pipe holds 64 KB), or meets its dead reader.
const text = `a warning written to stderr for the shutdown test ${'.'.repeat(2000)}`;
setInterval(() => process.emitWarning(text, 'TestWarning'), 5).unref();

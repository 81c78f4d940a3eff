// Loaded before every test file: decorator metadata for tsyringe, and no real network — only
// loopback, where the tests' own servers (and Redis) listen.
import 'reflect-metadata';
import nock from 'nock';

nock.disableNetConnect();
nock.enableNetConnect((host) => /^(127\.0\.0\.1|localhost|\[::1\]|::1)(:\d+)?$/.test(host));

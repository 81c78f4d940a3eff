// Reference point for P1–P3: Koa + @koa/router answering the same JSON with no middleware of
// postlens's, i.e. the framework's own cost on this machine under this load (docs/design.md §13 quotes
// 0.59–0.72 of bare node:http for it).
import Router from '@koa/router';
import Koa from 'koa';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveCommands } from '../lib/worker-side.js';

const body = JSON.parse(process.env.BENCH_BODY ?? '{}') as unknown;
const app = new Koa();
// autocannon closes its connections mid-response when a round ends: not worth a stack trace.
app.silent = true;
const router = new Router();
router.get('/{*path}', (ctx) => {
  ctx.body = body;
});
app.use(router.routes());
const server = createServer(app.callback());
server.listen(0, '127.0.0.1', () => serveCommands((server.address() as AddressInfo).port));

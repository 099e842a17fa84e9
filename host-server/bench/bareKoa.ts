// The comparison point for the list benchmark: a bare Koa server answering a fixed JSON body
// (the same bytes the real server returned), no database, no auth, no middleware.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

const body = readFileSync(process.argv[2] ?? '', 'utf8');
const app = new Koa();
app.use((ctx) => {
  ctx.type = 'application/json';
  ctx.body = body;
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});

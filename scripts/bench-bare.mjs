// A bare Fastify route serving a fixed body, in a process of its own: the yardstick `npm run
// bench` compares GET /api/campaigns with. Usage: node scripts/bench-bare.mjs <body-file>
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.argv[2], 'utf8');
const app = Fastify({ logger: false });
app.get('/bare', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: app.server.address().port }));

// A bare Fastify process, the yardstick `npm run bench` compares the portal with: a route serving
// a fixed body (GET /bare, for GET /api/campaigns) and a hello-world readiness route (GET /readyz,
// for the process's start and memory). Usage: node scripts/bench-bare.mjs [body-file]; it listens
// on PORT (default: any free port) and prints the port it took.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const body = process.argv[2] ? readFileSync(process.argv[2], 'utf8') : '';
const app = Fastify({ logger: false });
app.get('/bare', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
app.get('/readyz', () => ({ status: 'ready' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(JSON.stringify({ port: app.server.address().port }));

import { API, ErrorCode } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { IdCardPoolObserver } from '../idcard/pool.ts';
import { HttpError } from '../lib/http-error.ts';
import { isLocalRequest } from '../lib/local-request.ts';

/**
 * The process's own metrics (CPU, memory, event-loop delay, GC): one set per process, however
 * many apps it builds. Collecting them per app would leave an event-loop monitor and a GC
 * observer running for every app a test suite ever built.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Prometheus metrics of one app instance. Each app has its own registry (tests build many apps
 * in one process; prom-client's global registry would refuse the second app's metrics).
 *
 * NOTE: labels carry route patterns (`/api/appeals/:id`), task names and fixed words only —
 * never a raw URL, an id or anything a person typed.
 */
export function createMetrics(database: Database) {
  const registry = new Registry();
  processMetrics();

  const httpRequests = new Counter({
    name: 'giothong_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'giothong_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'giothong_db_query_duration_seconds',
    help: 'Time of each database statement, by outcome (ok, error).',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 15],
    registers: [registry],
  });
  const stopObserving = database.observeQueries((seconds, failed) =>
    queryDuration.observe({ outcome: failed ? 'error' : 'ok' }, seconds),
  );
  if (database.kind === 'postgres') {
    // Read when scraped: the pool's counts at that moment.
    new Gauge({
      name: 'giothong_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and requests waiting for one (waiting).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = database.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  const taskRuns = new Counter({
    name: 'giothong_task_runs_total',
    help: 'Scheduled-task runs by this process, by task name.',
    labelNames: ['task'] as const,
    registers: [registry],
  });
  const taskFailures = new Counter({
    name: 'giothong_task_failures_total',
    help: 'Scheduled-task runs that threw, by task name.',
    labelNames: ['task'] as const,
    registers: [registry],
  });
  const taskDuration = new Histogram({
    name: 'giothong_task_duration_seconds',
    help: 'Time of a scheduled-task run, by task name.',
    labelNames: ['task'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const extractionsInFlight = new Gauge({
    name: 'giothong_idcard_extractions_in_flight',
    help: 'ID-card uploads whose side is being read or waits for a reading thread now.',
    registers: [registry],
  });
  const extractionDuration = new Histogram({
    name: 'giothong_idcard_extraction_duration_seconds',
    help: 'Time an upload waits for its ID-card side to be read (queue and reading), by side and outcome (ok, error).',
    labelNames: ['side', 'outcome'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32],
    registers: [registry],
  });
  // The ID-card pool (idcard/pool.ts): read when scraped, 0 until the pool is watched.
  let idCardQueue: () => number = () => 0;
  new Gauge({
    name: 'giothong_idcard_queue_length',
    help: 'ID-card sides waiting for a reading thread now.',
    registers: [registry],
    collect() {
      this.set(idCardQueue());
    },
  });
  const idCardTaskDuration = new Histogram({
    name: 'giothong_idcard_task_duration_seconds',
    help: 'ID-card sides in the reading pool: time waiting for a thread (phase=wait) and reading in it (phase=run).',
    labelNames: ['phase'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64],
    registers: [registry],
  });
  const idCardRejected = new Counter({
    name: 'giothong_idcard_rejected_total',
    help: 'ID-card sides refused with 503 because the reading queue was full.',
    registers: [registry],
  });
  const mails = new Counter({
    name: 'giothong_mails_total',
    help: 'Mails handed to the transport (smtp, outbox), by outcome (sent, failed).',
    labelNames: ['transport', 'outcome'] as const,
    registers: [registry],
  });

  return {
    registry,
    /** The scrape: this app's metrics, then the process's. */
    async text(): Promise<string> {
      return (await registry.metrics()) + (await processMetrics().metrics());
    },
    request(method: string, route: string, statusCode: number, seconds: number) {
      const labels = { method, route, status_code: String(statusCode) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    /** Shows every task at 0 from the start, so that an alert on an increase sees its first failure. */
    knowTasks(names: string[]) {
      for (const task of names) {
        taskRuns.inc({ task }, 0);
        taskFailures.inc({ task }, 0);
      }
    },
    taskRun(task: string, seconds: number, failed: boolean) {
      taskRuns.inc({ task });
      if (failed) taskFailures.inc({ task });
      taskDuration.observe({ task }, seconds);
    },
    mail(transport: string, failed: boolean) {
      mails.inc({ transport, outcome: failed ? 'failed' : 'sent' });
    },
    /** Runs one side's extraction, counted in flight and timed. */
    async timeExtraction<T>(side: 'front' | 'back', run: () => Promise<T>): Promise<T> {
      extractionsInFlight.inc();
      const end = extractionDuration.startTimer({ side });
      try {
        const result = await run();
        end({ outcome: 'ok' });
        return result;
      } catch (err) {
        end({ outcome: 'error' });
        throw err;
      } finally {
        extractionsInFlight.dec();
      }
    },
    /** Reads the ID-card queue's length at each scrape. */
    watchIdCardQueue(queued: () => number) {
      idCardQueue = queued;
    },
    /** The ID-card pool's observer: durations and refusals, never anything of the card. */
    idCardPool: {
      task(waitSeconds: number, runSeconds: number) {
        idCardTaskDuration.observe({ phase: 'wait' }, waitSeconds);
        idCardTaskDuration.observe({ phase: 'run' }, runSeconds);
      },
      rejected() {
        idCardRejected.inc();
      },
    } satisfies IdCardPoolObserver,
    close() {
      stopObserving();
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Request metrics for every route, and the `/metrics` answer: on a port of its own when
 * METRICS_PORT is set (the main port then never serves it), else on the main port to requests
 * from this machine only (METRICS_ALLOW=loopback, the default; the rule of /dev/mail, in
 * lib/local-request.ts: the socket's address decides, never `request.ip`, which TRUST_PROXY takes
 * from a header anyone can send, and a request relayed by a proxy on this machine must name only
 * loopback clients in its forwarding headers) or to nobody (METRICS_ALLOW=off).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics) {
  // A callback hook: it runs on every request.
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern; a request no route matched has none (its path may hold anything).
    const route = request.routeOptions.url ?? 'unmatched';
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    metrics.request(method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onClose', async () => metrics.close());

  const { port, host, allow } = app.config.metrics;
  // On the main port: served to direct loopback callers when METRICS_ALLOW=loopback and no port of
  // its own; otherwise a plain 404 (the route exists so that nothing else answers for the path).
  const servedHere = port === undefined && allow === 'loopback';
  app.get(API.metrics, { schema: { hide: true } }, async (request, reply) => {
    // A plain 404: nothing tells a remote caller that the page exists.
    if (!servedHere || !isLocalRequest(request)) throw new HttpError(ErrorCode.NOT_FOUND);
    const text = await metrics.text();
    return reply.type(metrics.registry.contentType).send(text);
  });

  let server: Server | undefined;
  app.decorate('listenMetrics', async () => {
    if (port === undefined) return undefined;
    const listening = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== API.metrics) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      metrics.text().then(
        (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, host, () => resolve());
    });
    server = listening;
    return (listening.address() as { port: number }).port;
  });
  app.addHook('onClose', async () => {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (plugins/metrics.ts). */
    metrics: Metrics;
    /**
     * Starts the metrics port (METRICS_PORT) and resolves with the port it listens on; undefined
     * without METRICS_PORT. main.ts calls it after `listen` and stops when it fails (a port taken):
     * an onListen hook would only log the error and run on without metrics.
     */
    listenMetrics(): Promise<number | undefined>;
  }
}

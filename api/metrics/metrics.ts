import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CommandObserver } from '../../commands/command-observer';
import type { AppDependencies } from '../dependencies';

/**
 * The Prometheus metrics of one app (GET /metrics). Each app has its own Registry, never prom-client's global one, so
 * that several apps in one process (the tests) do not clash. Counters count what this process served; the gauges of
 * projector lag and queues are read from the database at each scrape, so every instance reports the same values.
 */
export interface AppMetrics {
  registry: Registry;
  /** One answered HTTP request: `route` is the route's path template, never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Counts the commands handled over the app's event store. */
  commands: CommandObserver;
}

/** Upper bounds of the request duration buckets, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/** The queues the dispatchers send from, counted by status at each scrape. */
const QUEUES = [
  {
    table: 'mail_queue',
    name: 'booking_mail_queue_messages',
    help: 'Confirmation e-mails in the mail queue, by status',
    statuses: ['pending', 'sending', 'sent', 'failed', 'skipped'],
  },
  {
    table: 'message_queue',
    name: 'booking_message_queue_messages',
    help: 'Reminders and notices (e-mail, text, voice) in the message queue, by status',
    statuses: ['pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled'],
  },
] as const;

export function createAppMetrics(
  dependencies: Pick<AppDependencies, 'knex' | 'logger' | 'projectorLag'>,
  { processMetrics = false }: { processMetrics?: boolean } = {},
): AppMetrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const commands = new Counter({
    name: 'booking_commands_total',
    help: 'Commands handled, by command type and outcome (appended, unchanged, refused, failed); refusals by code',
    labelNames: ['command', 'outcome', 'code'] as const,
    registers: [registry],
  });
  const conflicts = new Counter({
    name: 'booking_command_conflicts_total',
    help: 'Appends refused by the expected-revision check (a concurrent writer) and decided again, by command type',
    labelNames: ['command'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'booking_projector_lag_seconds',
    help: 'Seconds since the oldest event a read model has not applied yet was recorded (0: caught up)',
    labelNames: ['projector'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const { name, lagSeconds } of await dependencies.projectorLag()) this.set({ projector: name }, lagSeconds);
      } catch (error) {
        dependencies.logger.warn({ err: error }, 'metrics: cannot read the projector lag');
      }
    },
  });
  for (const queue of QUEUES) {
    new Gauge({
      name: queue.name,
      help: queue.help,
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const status of queue.statuses) this.set({ status }, 0);
          const rows = await dependencies
            .knex(queue.table)
            .select('status')
            .count<{ status: string; count: string | number }[]>({ count: '*' })
            .groupBy('status');
          for (const row of rows) this.set({ status: row.status }, Number(row.count));
        } catch (error) {
          dependencies.logger.warn({ err: error, table: queue.table }, 'metrics: cannot count the queue');
        }
      },
    });
  }

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method: KNOWN_METHODS.has(method) ? method : 'OTHER', route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    commands: {
      handled(command, outcome, code) {
        commands.inc({ command, outcome, code: code ?? '' });
      },
      conflictRetried(command) {
        conflicts.inc({ command });
      },
    },
  };
}

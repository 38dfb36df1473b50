/**
 * The bare reference of the HTTP benchmark: Koa and one pg query (about 30 rows by primary key from the
 * calendar_dates read model) on the benchmark's database, in its own process as the app is:
 * `node <its build> DATABASE_URL` (processes.ts builds it). Prints one JSON line {url, pid}.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pg from 'pg';

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: reference-process.ts DATABASE_URL');

// The app's pool size (connectDatabase's default pool size), so that neither side has more connections.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
const app = new Koa();
app.use(async (ctx) => {
  const calendarId = Number(ctx.query.calendarId ?? 1);
  const { rows } = await pool.query(
    'select calendar_id, date, enabled from calendar_dates where calendar_id = $1 and date >= $2 order by date limit 30',
    [calendarId, String(ctx.query.from ?? '0000-00-00')],
  );
  ctx.body = { items: rows };
});
const server = createServer(app.callback());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
});
console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pid: process.pid }));

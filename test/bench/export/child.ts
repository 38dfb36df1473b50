/**
 * One measured run of the export benchmark, in a process of its own so that its peak memory is its own:
 *   node --import tsx test/bench/export/child.ts <export|reference> <databaseUrl> <startDate> <endDate>
 * `export` builds the archive as POST /api/export does (and its base64 JSON answer); `reference` reads the range's
 * appointment rows with one plain select and drops them. Prints one JSON line: time, RSS before and at its peak.
 */
import { connectDatabase } from '../../../commands/infrastructure/database';
import { buildExportArchive } from '../../../projections/data-exports/archive';

const [mode, url, startDate, endDate] = process.argv.slice(2) as [string, string, string, string];
const database = connectDatabase(url, { poolSize: 2 });
await database.knex.raw('select 1');
const rssBefore = process.memoryUsage().rss;
let sampledPeak = rssBefore;
const sampler = setInterval(() => {
  sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss);
}, 5);
const started = performance.now();
let detail: Record<string, unknown>;
if (mode === 'export') {
  const built = await buildExportArchive(
    database.knex,
    { startDate, endDate, timeZone: 'America/Toronto' },
    new Date(),
  );
  const answer = JSON.stringify({
    fileName: built.fileName,
    archive: Buffer.from(built.archive.buffer, built.archive.byteOffset, built.archive.byteLength).toString('base64'),
    files: built.files,
  });
  detail = { zipBytes: built.archive.byteLength, answerBytes: answer.length, files: built.files };
} else {
  const { rows } = await database.knex.raw<{ rows: unknown[] }>(
    'select * from appointments where date between ? and ?',
    [startDate, endDate],
  );
  detail = { rows: rows.length };
}
const ms = performance.now() - started;
clearInterval(sampler);
sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss);
await database.close();
const maxRss = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ mode, ms, rssBefore, peakRss: Math.max(maxRss, sampledPeak), ...detail }));

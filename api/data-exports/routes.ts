import { recordDataExport } from '../../commands/data-exports/handlers';
import { newUuid } from '../../commands/infrastructure/ids';
import { assertExportRange } from '../../domain/data-exports/data-export';
import { buildExportArchive } from '../../projections/data-exports/archive';
import { SYSTEM_ADMINISTRATORS } from '../access-groups';
import { recordAccess } from '../access-log/record';
import { defineRoute } from '../routing';
import { staffContext } from '../staff-context';
import { dataExportBody, dataExportResponse } from './schemas';

/**
 * One archive is built at a time in a process: a year of a busy unit is measured to fit in memory once (see the
 * README's benchmarks), and a second System Administrator's export waits for the first rather than doubling it.
 */
let previous: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = previous.then(work, work);
  previous = next.catch(() => undefined);
  return next;
}

export const dataExportRoutes = [
  defineRoute({
    method: 'post',
    path: '/export',
    summary:
      'Data Exporter (§2.3): the records of a range of dates as a zip of CSV files, in base64; each export is recorded (DataExportGenerated)',
    tag: 'data-exports',
    access: SYSTEM_ADMINISTRATORS,
    body: dataExportBody,
    response: dataExportResponse,
    async handler({ body, viewer, ctx, dependencies }) {
      const { startDate, endDate } = body;
      assertExportRange(startDate, endDate);
      const built = await oneAtATime(() =>
        buildExportArchive(
          dependencies.knex,
          { startDate, endDate, timeZone: dependencies.config.unitTimezone },
          dependencies.now(),
        ),
      );
      // Recorded once the archive is built and before it is handed over: a failed build records nothing.
      const exportId = newUuid();
      await recordDataExport(
        dependencies,
        exportId,
        { startDate, endDate, files: built.files },
        staffContext(viewer, ctx),
      );
      // An export names a range, not appointments: the access log keeps the range and each file's row count.
      recordAccess(
        { viewer, ctx, dependencies },
        'export',
        [],
        { startDate, endDate, exportId, files: built.files.map(({ name, rows }) => ({ name, rows })) },
        { always: true },
      );
      return {
        exportId,
        fileName: built.fileName,
        archive: Buffer.from(built.archive.buffer, built.archive.byteOffset, built.archive.byteLength).toString(
          'base64',
        ),
        files: built.files,
      };
    },
  }),
];

import type { ExportedFile } from '../../domain/data-exports/data-export';
import { dataExportStream } from '../../domain/data-exports/data-export';
import { dataExportDecider } from '../../domain/data-exports/decider';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';

/**
 * Records that an archive of `startDate`..`endDate` was generated (its files and rows), on a stream of its own; who
 * generated it is the event's actor. Called once the archive is built and before it is handed over: a failed build
 * records nothing, an empty archive is recorded like any other.
 */
export async function recordDataExport(
  dependencies: CommandDependencies,
  exportId: string,
  generated: { startDate: string; endDate: string; files: ExportedFile[] },
  context: CommandContext,
) {
  return handleCommand(
    dependencies,
    dataExportDecider,
    dataExportStream(exportId),
    {
      type: 'GenerateDataExport',
      data: { exportId, ...generated, at: dependencies.now().toISOString() },
    },
    context,
  );
}

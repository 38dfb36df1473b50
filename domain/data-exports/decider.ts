import { DomainError, assertNever, type Decider } from '../shared/decider';
import type { DataExportCommand } from './commands';
import { assertExportRange } from './data-export';
import type { DataExportEvent } from './events';

export type DataExportState = { status: 'absent' } | { status: 'generated'; exportId: string };

/** One stream per export (`dataExport-<uuid>`): an export is recorded once, and only for a valid range. */
export const dataExportDecider: Decider<DataExportCommand, DataExportEvent, DataExportState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'GenerateDataExport': {
        if (state.status !== 'absent')
          throw new DomainError('DATA_EXPORT_ALREADY_EXISTS', 'This export is already recorded.');
        const { exportId, startDate, endDate, at, files } = command.data;
        assertExportRange(startDate, endDate);
        return [{ type: 'DataExportGenerated', data: { exportId, startDate, endDate, at, files } }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'DataExportGenerated':
        return { status: 'generated', exportId: event.data.exportId };
      default:
        return assertNever(event.type);
    }
  },
};

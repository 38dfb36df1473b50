import type { Projection } from '../runner/projection';
import { defaultReplaySchema, schemaNameProblem } from './replay';

/** The arguments of `npm run audit:replay` (README, "For auditors"). */
export type ReplayCommand =
  | { kind: 'build'; until: string; schema: string; replace: boolean }
  | { kind: 'drop'; schema: string }
  | { kind: 'list' }
  | { kind: 'help' };

/** Arguments that make no sense: shown with the usage, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `Usage:
  npm run audit:replay -- --until <moment> [--schema <name>] [--replace]
      Builds the read models as they were at <moment> into schema asof_<YYYYMMDD_HHMMSS> (UTC), or <name>.
      <moment> is an ISO 8601 date and time with its offset: 2026-11-20T17:00:00Z or 2026-11-20T12:00:00-05:00.
      --replace builds again over a replay already in that schema.
  npm run audit:replay -- --list              Lists the replays in the database.
  npm run audit:replay -- --drop <schema>     Drops a replay (only an asof_ schema or one with replay_info).`;

const MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** The moment as a Date, or why it is not one. A date and time without an offset is refused: whose 17:00? */
export function parseMoment(text: string): Date | string {
  const match = MOMENT.exec(text);
  if (!match)
    return `--until "${text}" is not an ISO 8601 moment with its offset, e.g. 2026-11-20T17:00:00Z or 2026-11-20T12:00:00-05:00`;
  const [, year, month, day, hour, minute, second = '0', , zone, offsetHours, offsetMinutes] = match;
  const calendarDay = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const validDay =
    calendarDay.getUTCFullYear() === Number(year) &&
    calendarDay.getUTCMonth() === Number(month) - 1 &&
    calendarDay.getUTCDate() === Number(day);
  const validTime = Number(hour) < 24 && Number(minute) < 60 && Number(second) < 60;
  const validZone = zone === 'Z' || (Number(offsetHours) <= 23 && Number(offsetMinutes) < 60);
  if (!validDay || !validTime || !validZone) return `--until "${text}" is not a real date and time`;
  return new Date(text);
}

function valueOf(argv: string[], index: number, flag: string): string {
  const value = argv[index + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
  return value;
}

/** Reads the command line (`process.argv.slice(2)`); throws UsageError for anything it cannot make sense of. */
export function parseReplayArgs(
  argv: string[],
  { now = new Date(), projections = [] }: { now?: Date; projections?: readonly Projection[] } = {},
): ReplayCommand {
  const args = argv.flatMap((arg) => {
    const equals = arg.indexOf('=');
    return arg.startsWith('--') && equals > 0 ? [arg.slice(0, equals), arg.slice(equals + 1)] : [arg];
  });
  let until: string | undefined;
  let schema: string | undefined;
  let drop: string | undefined;
  let replace = false;
  let list = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    switch (arg) {
      case '--help':
      case '-h':
        return { kind: 'help' };
      case '--until':
        until = valueOf(args, index++, arg);
        break;
      case '--schema':
        schema = valueOf(args, index++, arg);
        break;
      case '--drop':
        drop = valueOf(args, index++, arg);
        break;
      case '--replace':
        replace = true;
        break;
      case '--list':
        list = true;
        break;
      default:
        throw new UsageError(arg.startsWith('-') ? `Unknown option ${arg}` : `Unexpected argument "${arg}"`);
    }
  }
  const modes = [until !== undefined && '--until', drop !== undefined && '--drop', list && '--list'].filter(Boolean);
  if (modes.length === 0) throw new UsageError('Say what to do: --until <moment>, --list or --drop <schema>');
  if (modes.length > 1) throw new UsageError(`${modes.join(' and ')} cannot go together`);
  if (until === undefined && (schema !== undefined || replace))
    throw new UsageError(`${schema !== undefined ? '--schema' : '--replace'} goes with --until only`);
  if (drop !== undefined) {
    if (!/^[a-z_][a-z0-9_]*$/.test(drop)) throw new UsageError(`--drop "${drop}" is not a plain schema name`);
    return { kind: 'drop', schema: drop };
  }
  if (list) return { kind: 'list' };
  const moment = parseMoment(until!);
  if (typeof moment === 'string') throw new UsageError(moment);
  if (moment.getTime() > now.getTime())
    throw new UsageError(`--until ${until} is in the future: the read models of that moment do not exist yet`);
  const name = schema ?? defaultReplaySchema(moment);
  const problem = schemaNameProblem(name, projections);
  if (problem) throw new UsageError(`--schema ${problem}`);
  return { kind: 'build', until: until!, schema: name, replace };
}

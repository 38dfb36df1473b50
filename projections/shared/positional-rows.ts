import { assertNever } from '../../domain/shared/decider';

/** The PostgreSQL types a column of positional rows can take. */
export type ColumnType =
  'integer' | 'bigint' | 'numeric' | 'text' | 'date' | 'time' | 'timestamptz' | 'boolean' | 'uuid' | 'jsonb' | 'text[]';

/**
 * Rows of a batch sent as one JSON document of arrays, a value per column in a fixed order, and read back typed
 * (`source`: a subquery of one binding, its columns named as the row's keys). Against an array of objects read by
 * `jsonb_to_recordset`, PostgreSQL parses no key names and sorts none: measured on a replay's batches of a thousand
 * appointments, the upsert costs the server 17-38% less, and the text sent is a fifth to a half smaller.
 */
export interface PositionalRows<Row> {
  readonly columns: readonly (keyof Row & string)[];
  /** `select … from jsonb_array_elements(?::jsonb)`, to be used as `from (${source}) as alias`. */
  readonly source: string;
  /** The binding of `source`. */
  parameter(rows: readonly Row[]): string;
}

function columnSql(type: ColumnType, index: number): string {
  switch (type) {
    case 'text':
      return `e->>${index}`;
    case 'jsonb':
      // as jsonb_to_recordset reads it: a JSON null is an SQL null
      return `nullif(e->${index}, 'null'::jsonb)`;
    case 'text[]':
      return `case when jsonb_typeof(e->${index}) = 'array' then array(select jsonb_array_elements_text(e->${index})) end`;
    case 'integer':
    case 'bigint':
    case 'numeric':
    case 'date':
    case 'time':
    case 'timestamptz':
    case 'boolean':
    case 'uuid':
      return `(e->>${index})::${type}`;
    default:
      return assertNever(type);
  }
}

export function positionalRows<Row>(types: {
  readonly [Column in keyof Row & string]: ColumnType;
}): PositionalRows<Row> {
  const columns = Object.keys(types) as (keyof Row & string)[];
  const select = columns.map((column, index) => `${columnSql(types[column], index)} as "${column}"`).join(', ');
  return {
    columns,
    source: `select ${select} from jsonb_array_elements(?::jsonb) as e`,
    parameter: (rows) => JSON.stringify(rows.map((row) => columns.map((column) => row[column]))),
  };
}

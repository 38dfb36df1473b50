import type { Knex } from 'knex';

/** A column copied out of the record, for lists to filter and sort on: the record's field, and its SQL type if not text. */
export interface RecordColumn<Fields> {
  field: keyof Fields & string;
  cast?: 'boolean';
}

export interface RecordTableShape<Fields> {
  /** One row per record, keyed by `id`, with `created_at` and `updated_at`. */
  table: string;
  /** The jsonb column that holds the whole record. */
  record: string;
  /** Column name -> the field it copies. */
  columns: Record<string, RecordColumn<Fields>>;
}

/**
 * The rows of a reference-data read model (categories, locations, services, e-mail templates, calendars): a record
 * is created (an idempotent upsert), its changes merged into the jsonb record and the columns copied from it, or it
 * is deleted. Table and column names come from the projector's code, never from an event.
 */
export function recordTable<Fields extends object>({ table, record, columns }: RecordTableShape<Fields>) {
  const names = Object.keys(columns);
  const copied = Object.values(columns);
  const valuesOf = (fields: Fields) => copied.map(({ field }) => fields[field] as Knex.RawBinding);
  const created = `insert into ${table} (id, ${names.join(', ')}, ${record}, created_at, updated_at)
     values (?, ${names.map(() => '?').join(', ')}, ?::jsonb, ?, ?)
     on conflict (id) do update set ${[...names, record, 'created_at', 'updated_at'].map((name) => `${name} = excluded.${name}`).join(', ')}`;
  // A field absent from the changes (->> answers null) leaves its column as it is.
  const merged = `update ${table} set ${record} = ${record} || ?::jsonb, updated_at = ?,
     ${names.map((name, index) => `${name} = coalesce(${extract(copied[index]!)}, ${name})`).join(', ')}
     where id = ?`;
  const replaced = `update ${table} set ${names.map((name) => `${name} = ?`).join(', ')}, ${record} = ?::jsonb, updated_at = ? where id = ?`;

  return {
    /** The record as created; a replay of its creation writes the same row again. */
    async create(trx: Knex.Transaction, id: number, fields: Fields, createdAt: string): Promise<void> {
      await trx.raw(created, [id, ...valuesOf(fields), JSON.stringify(fields), createdAt, createdAt]);
    },
    /** Merges `changes` (the changed fields only) into the stored record and its columns. */
    async merge(trx: Knex.Transaction, id: number, changes: Partial<Fields>, updatedAt: string): Promise<void> {
      const json = JSON.stringify(changes);
      await trx.raw(merged, [json, updatedAt, ...names.map(() => json), id]);
    },
    /** Writes the whole record over the stored one (its creation time stays). */
    async replace(trx: Knex.Transaction, id: number, fields: Fields, updatedAt: string): Promise<void> {
      await trx.raw(replaced, [...valuesOf(fields), JSON.stringify(fields), updatedAt, id]);
    },
    async delete(trx: Knex.Transaction, id: number): Promise<void> {
      await trx(table).where({ id }).delete();
    },
  };
}

function extract({ field, cast }: { field: string; cast?: 'boolean' }): string {
  return cast ? `(?::jsonb ->> '${field}')::${cast}` : `?::jsonb ->> '${field}'`;
}

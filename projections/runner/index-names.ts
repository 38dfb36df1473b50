import type { Knex } from 'knex';

interface NamedIndex {
  name: string;
  /** Its definition without its name and table, the same for an index and its copy. */
  shape: string;
}

const shapeOf = (definition: string) => definition.replace(/INDEX \S+ ON \S+/, 'INDEX ON');

async function indexesOf(trx: Knex.Transaction, table: string): Promise<NamedIndex[]> {
  const { rows } = await trx.raw<{ rows: { name: string; definition: string }[] }>(
    `select c.relname as name, pg_get_indexdef(c.oid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ?::regclass order by c.relname`,
    [table],
  );
  return rows.map(({ name, definition }) => ({ name, shape: shapeOf(definition) }));
}

/**
 * Gives the indexes of `copy` (`schema.table`, made `like` `live` … `including all`) the names of `live`'s, paired by
 * definition. `like` names them after their columns (`appointments_confirmation_code_idx`), and a migration that
 * drops or alters an index by the name it was created with would fail on a database whose table was rebuilt.
 */
export async function keepIndexNames(trx: Knex.Transaction, copy: string, live: string): Promise<void> {
  const [schema] = copy.split('.');
  const wanted = new Map((await indexesOf(trx, live)).map((index) => [index.shape, index.name]));
  const renames = (await indexesOf(trx, copy)).flatMap(({ name, shape }) => {
    const target = wanted.get(shape);
    return target && target !== name ? [{ name, target }] : [];
  });
  // Through names of their own first: one index's new name may be another's old one.
  for (const [index, { name }] of renames.entries())
    await trx.raw(`alter index ${schema}.${name} rename to rebuild_index_${index}`);
  for (const [index, { target }] of renames.entries())
    await trx.raw(`alter index ${schema}.rebuild_index_${index} rename to ${target}`);
}

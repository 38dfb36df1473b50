/**
 * A table's head: one column head per key, in order, and when the rows have buttons a last head that only screen
 * readers announce (its label is `label('actions')`).
 */
export function ColumnHeads<Key extends string>({
  columns,
  label,
  actions,
}: {
  columns: readonly Key[];
  label: (key: Key | 'actions') => string;
  actions: boolean;
}) {
  return (
    <thead>
      <tr>
        {columns.map((key) => (
          <th key={key} scope="col">
            {label(key)}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">{label('actions')}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

import type { ReactNode } from 'react';

/** A read-only record as label / value pairs (a description list); empty values are left out by the caller. */
export function Details({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="rf-details">
      {rows.map(([label, value]) => (
        <div key={label} className="rf-detail">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { batchedCallsPer } from '../../domain/shared/batched-calls';
import { CONFIRMATION_CODE_ALPHABET, CONFIRMATION_CODE_LENGTH } from '../../domain/appointments/appointment';

/** 10 characters from 31: about 49 bits, not guessable, and easy to read out on the phone. */
export const newConfirmationCode = (): string =>
  Array.from(
    { length: CONFIRMATION_CODE_LENGTH },
    () => CONFIRMATION_CODE_ALPHABET[randomInt(CONFIRMATION_CODE_ALPHABET.length)],
  ).join('');

/**
 * A confirmation code no booking has had before: drawn at random, then reserved (`confirmation_codes`), drawing
 * again in the rare case it was taken. A booking that is then refused leaves its code unused for good.
 */
export async function reserveConfirmationCode(knex: Knex, draw: () => string = newConfirmationCode): Promise<string> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const code = draw();
    const reserved = await knex.raw<{ rows: unknown[] }>(
      'insert into confirmation_codes (code) values (?) on conflict do nothing returning code',
      [code],
    );
    if (reserved.rows.length === 1) return code;
  }
  throw new Error('Five confirmation codes drawn in a row were taken: the random source is broken');
}

/** The ids a booking is recorded under, drawn before it is decided. */
export interface BookingIds {
  appointmentId: number;
  confirmationCode: string;
}

/**
 * The appointment's id (migration 20) and a reserved confirmation code. The bookings asked for at the same moment get
 * theirs in one round trip (`batchedCalls`); one whose code was taken (or drawn twice in the batch) draws again.
 */
export function newBookingIds(knex: Knex, draw: () => string = newConfirmationCode): Promise<BookingIds> {
  // Each call is a key of its own, even with the same drawing function: no two bookings share their ids.
  return bookingIds(knex, () => draw());
}

const bookingIds = batchedCallsPer((knex: Knex, draws: (() => string)[]) => bookingIdsFor(knex, draws));

async function bookingIdsFor(knex: Knex, draws: (() => string)[]): Promise<BookingIds[]> {
  const drawn = draws.map((draw) => draw());
  const { rows } = await knex.raw<{ rows: { id: string; code: string | null }[] }>(
    `with drawn as (select code, n from unnest(?::text[]) with ordinality as d(code, n)),
          reserved as (insert into confirmation_codes (code) select code from drawn on conflict do nothing returning code)
     select nextval('appointment_ids')::text as id, reserved.code
     from drawn left join reserved on reserved.code = drawn.code order by drawn.n`,
    [drawn],
  );
  const given = new Set<string>();
  return Promise.all(
    rows.map(async (row, index) => {
      const fresh = row.code !== null && !given.has(row.code);
      if (fresh) given.add(row.code!);
      return {
        appointmentId: Number(row.id),
        confirmationCode: fresh ? row.code! : await reserveConfirmationCode(knex, draws[index]!),
      };
    }),
  );
}

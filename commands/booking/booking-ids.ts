import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
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

/** The appointment's id (migration 20) and a reserved confirmation code, in one round trip (another only if the code was taken). */
export async function newBookingIds(knex: Knex, draw: () => string = newConfirmationCode): Promise<BookingIds> {
  const { rows } = await knex.raw<{ rows: { id: string; code: string | null }[] }>(
    `with code as (insert into confirmation_codes (code) values (?) on conflict do nothing returning code)
     select nextval('appointment_ids')::text as id, (select code from code) as code`,
    [draw()],
  );
  return {
    appointmentId: Number(rows[0]!.id),
    confirmationCode: rows[0]!.code ?? (await reserveConfirmationCode(knex, draw)),
  };
}

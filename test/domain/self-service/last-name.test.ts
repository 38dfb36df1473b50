import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { hasLastName } from '../../../domain/self-service/last-name';

/** Issue 20: a lookup's last name matches one of the booking's clients whatever the case, accents and spaces. */
const clients = [{ lastName: 'Côté' }, { lastName: "O'Brien-Lévesque" }];

const test = suite('self-service: the last name of a lookup');
test('case, accents and surrounding spaces aside', () => {
  for (const typed of ['Côté', 'cote', '  COTE ', 'CÔTÉ', "o'brien-levesque"])
    assert.ok(hasLastName(clients, typed), typed);
});
test('another name, a part of one, or nothing does not match', () => {
  for (const typed of ['Cot', 'Brien', 'Cote Levesque', '   ', '']) assert.not.ok(hasLastName(clients, typed), typed);
});
test.run();

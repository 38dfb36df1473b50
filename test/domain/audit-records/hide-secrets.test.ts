import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { HIDDEN, hideSecrets } from '../../../domain/audit-records/hide-secrets';

const test = suite('audit records: secrets are hidden from auditors');

test('password hashes, code digests and lock tokens are hidden at any depth; null stays null', () => {
  const user = {
    status: 'active',
    profile: { email: 'ada@example.com' },
    passwordHash: '$2b$10$abcdef',
    challenge: { challengeId: 'c1', codeDigest: 'digest', failures: 0 },
    reset: null,
    locks: [{ token: 'secret-token', laneId: 4 }],
  };
  assert.equal(hideSecrets(user), {
    status: 'active',
    profile: { email: 'ada@example.com' },
    passwordHash: HIDDEN,
    challenge: { challengeId: 'c1', codeDigest: HIDDEN, failures: 0 },
    reset: null,
    locks: [{ token: HIDDEN, laneId: 4 }],
  });
  assert.equal(hideSecrets({ passwordHash: null }), { passwordHash: null }, 'not set shows as not set');
  assert.is(hideSecrets(null), null);
});

test.run();

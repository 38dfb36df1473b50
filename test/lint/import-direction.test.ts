import { ESLint } from 'eslint';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error a plain JavaScript module of the lint configuration, without types
import { closesCircle, wrongWay } from './import-direction.js';

/** Issue 15 item 1: `npm run lint` fails on an import that points the wrong way (DESIGN §2), web included. */
const test = suite('lint: imports point one way');

const eslint = new ESLint({ cwd: process.cwd() });

/** The messages of the import-direction rule for `code` as if it were the file `filePath`. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'layers/import-direction')
    .map((message) => message.message);
}

const wrong: [string, string][] = [
  ['commands/users/handlers.ts', "import { findUser } from '../../projections/users/queries';"],
  ['projections/runner/runner.ts', "import type { Logger } from '../../commands/infrastructure/logger';"],
  ['domain/users/user.ts', "import { nextId } from '../../commands/infrastructure/ids';"],
  ['commands/booking/lock.ts', "import type { AppDependencies } from '../../api/dependencies';"],
  ['api/users/routes.ts', "import { App } from '../../web/src/app/App';"],
  ['web/src/shared/api.ts', "import { knex } from '../../../commands/infrastructure/database';"],
  ['web/src/features/users/UsersPage.tsx', "import { store } from '../../app/store';"],
  ['web/src/features/users/UsersPage.tsx', "import { CalendarForm } from '../calendars/CalendarForm';"],
  ['web/src/shared/toaster.ts', "import { menuEntries } from '../features/admin-shell';"],
];

for (const [filePath, code] of wrong) {
  test(`refused: ${filePath}: ${code}`, async () => {
    const found = await problems(filePath, code);
    assert.is(found.length, 1, `one problem reported (got ${JSON.stringify(found)})`);
  });
}

const right: [string, string][] = [
  ['api/users/routes.ts', "import { findUser } from '../../projections/users/queries';"],
  ['api/users/routes.ts', "import { createUser } from '../../commands/users/handlers';"],
  ['commands/users/handlers.ts', "import { userDecider } from '../../domain/users/decider';"],
  ['projections/runner/runner.ts', "import type { RecordedEvent } from '../../domain/event-store/port';"],
  ['web/src/shared/errorMessages.ts', "import type { ErrorCode } from '../../../api/error-codes';"],
  ['web/src/features/users/UsersPage.tsx', "import { something } from '../calendars';"],
  ['web/src/features/users/UsersPage.tsx', "import { parseId } from '../../shared/routing/parseId';"],
  ['web/src/app/routes.tsx', "const load = () => import('../features/calendars/CalendarsPage');"],
  ['projections/rebuild-cli.ts', "import { openEventStore } from '../commands/event-store/open';"],
  ['api/main.ts', "import { anything } from '../web/src/app/App';"],
];

for (const [filePath, code] of right) {
  test(`allowed: ${filePath}: ${code}`, async () => {
    assert.equal(await problems(filePath, code), []);
  });
}

test('the rule names why', () => {
  assert.match(wrongWay('commands/a/b.ts', 'projections/a/queries'), 'commands/ may not import projections/');
  assert.match(wrongWay('web/src/features/a/X.tsx', 'web/src/features/b/Inner'), 'through its index');
});

test('a circle through features is found, and a chain that does not close is not', () => {
  const graph = new Map([
    ['appointments', new Set(['calendars'])],
    ['calendars', new Set(['users'])],
    ['users', new Set(['appointments'])],
    ['services', new Set(['public-booking'])],
  ]);
  assert.ok(closesCircle(graph, 'appointments', 'calendars'));
  assert.not.ok(closesCircle(graph, 'services', 'public-booking'));
});

test.run();

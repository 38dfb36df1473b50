import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { createApp } from '../../api/app';
import { awaitReadModels, SCREEN_READ_MODELS } from '../../api/await-read-models';
import { allRoutes } from '../../api/routes';
import { defineRoute } from '../../api/routing';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { silentLogger } from '../../commands/infrastructure/logger';
import { createService } from '../../commands/services/handlers';
import { defaultServiceFields } from '../../domain/services/service';
import { allProjections } from '../../projections/index';
import type { Projection } from '../../projections/runner/projection';
import { ProjectionRunner } from '../../projections/runner/runner';
import { testAppDependencies } from '../support/app-dependencies';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { request } from '../support/http';

interface Context {
  database: TestDatabase;
  heldBack: Gate;
  runner: ProjectionRunner;
  server: Server;
  baseUrl: string;
}

const test = suite<Context>('api: read-your-writes');

interface Gate {
  closed: boolean;
  open(): void;
  opened: Promise<void>;
}

function closedGate(): Gate {
  let release!: () => void;
  const gate: Gate = {
    closed: true,
    open: () => release(),
    opened: new Promise<void>((resolve) => (release = resolve)),
  };
  void gate.opened.then(() => (gate.closed = false));
  return gate;
}

/** A read model no services screen shows (an auditor's log, say), whose projector is stuck until its gate opens. */
const heldBackProjection = (gate: Gate): Projection => ({
  name: 'heldBack',
  tables: [],
  eventTypes: ['ServiceCreated'],
  apply: () => gate.opened,
});

test.before(async (context) => {
  context.database = await createTestDatabase();
  const store = new PostgresEventStore(context.database.pool, context.database.url);
  // A slow poll and no notifications: without waiting, the read model would lag a full second behind.
  context.heldBack = closedGate();
  const projections = [...allProjections, heldBackProjection(context.heldBack)];
  context.runner = new ProjectionRunner({
    store,
    knex: context.database.knex,
    databaseUrl: context.database.url,
    projections,
    logger: silentLogger,
    pollMs: 1000,
  });
  await context.runner.start();
  const dependencies = testAppDependencies(context.database, {
    store,
    // Long enough that an answer held up by the stuck projector would come only after the gate opens.
    waitForProjections: (position, readModels) => context.runner.waitFor(position, 60_000, readModels),
  });
  const createProbe = defineRoute({
    method: 'post',
    path: '/probe/services',
    summary: 'Create a public service (probe of a command endpoint)',
    tag: 'probe',
    access: 'public',
    body: z.strictObject({ title: z.string() }),
    response: z.object({ id: z.number() }),
    successStatus: 201,
    async handler({ body, dependencies: deps }) {
      const fields = {
        ...defaultServiceFields,
        title: body.title,
        titleFr: body.title,
        description: 'd',
        descriptionFr: 'd',
        enabled: true,
      };
      const outcome = await createService({ ...deps }, fields, { actor: { system: 'test' }, correlationId: 'probe' });
      await awaitReadModels(deps, outcome.append, SCREEN_READ_MODELS.services);
      return { id: outcome.serviceId };
    },
  });
  context.server = createApp(dependencies, { routes: [...allRoutes, createProbe] }).listen(0);
  await new Promise((resolve) => context.server.once('listening', resolve));
  context.baseUrl = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}`;
});
test.after(async (context) => {
  context.heldBack?.open();
  context.server?.close();
  await context.runner?.stop();
  await context.database?.drop();
});

test('a command endpoint answers only once the read models show its change', async (context) => {
  for (let i = 0; i < 5; i++) {
    const created = await request(context.baseUrl, 'POST', '/api/probe/services', { title: `Clinic ${i}` });
    assert.is(created.status, 201);
    const read = await request(context.baseUrl, 'GET', `/api/public/services/${created.json.id}`);
    assert.is(read.status, 200, `service ${i} readable right after its creation`);
    assert.is(read.json.title, `Clinic ${i}`);
  }
});

test('a save does not wait for a read model its screen does not show', async (context) => {
  assert.ok(context.heldBack.closed, 'the held-back projector is still stuck');
  const answered = request(context.baseUrl, 'POST', '/api/probe/services', { title: 'Rush clinic' }).then(
    (created) => ({ created, heldBackStillStuck: context.heldBack.closed }),
  );
  // Opens the gate only if the answer has not come by then, so that a save that waits for it fails instead of hanging.
  const rescue = setTimeout(() => context.heldBack.open(), 10_000);
  const { created, heldBackStillStuck } = await answered;
  clearTimeout(rescue);
  assert.is(created.status, 201);
  assert.ok(heldBackStillStuck, 'the save answered while a read model of another screen was stuck behind it');
  const read = await request(context.baseUrl, 'GET', `/api/public/services/${created.json.id}`);
  assert.is(read.json.title, 'Rush clinic');
});

test.run();

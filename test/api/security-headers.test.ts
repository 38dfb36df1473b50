import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../api/app';
import type { AppDependencies } from '../../api/dependencies';
import { loadConfig } from '../../commands/infrastructure/config';
import { silentLogger } from '../../commands/infrastructure/logger';

/**
 * HTTPS-only headers (HSTS, CSP upgrade-insecure-requests) only in production: elsewhere the site is often reached
 * over plain HTTP under a name other than localhost, where they would leave it blank. The OpenAPI document needs
 * nothing but the app, so no database is opened.
 */
async function headersOf(nodeEnv: string): Promise<Headers> {
  const config = loadConfig({ NODE_ENV: nodeEnv, LOG_LEVEL: 'silent', TWO_FACTOR: 'off' });
  const app = createApp({ config, logger: silentLogger } as unknown as AppDependencies);
  const server: Server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/openapi.json`);
    await response.arrayBuffer();
    assert.is(response.status, 200);
    return response.headers;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

test('outside production: no HSTS and no upgrade-insecure-requests, the rest of the CSP stays', async () => {
  const headers = await headersOf('development');
  assert.is(headers.get('strict-transport-security'), null);
  const policy = headers.get('content-security-policy') ?? '';
  assert.not.match(policy, 'upgrade-insecure-requests');
  assert.match(policy, "default-src 'self'");
  assert.match(policy, "script-src 'self'");
  assert.match(policy, "frame-ancestors 'none'");
});

test('in production: HSTS and upgrade-insecure-requests are sent', async () => {
  const headers = await headersOf('production');
  assert.match(headers.get('strict-transport-security') ?? '', /max-age=\d+/);
  const policy = headers.get('content-security-policy') ?? '';
  assert.match(policy, 'upgrade-insecure-requests');
  assert.match(policy, "script-src 'self'");
});

test.run();

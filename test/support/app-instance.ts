/**
 * One app instance as production runs it behind a load balancer (issue 21): `node --import tsx
 * test/support/app-instance.ts`, configured by the environment alone (DATABASE_URL, PORT, …), with the projectors,
 * dispatchers and API of api/server.ts and stopped by SIGTERM as `npm start` is. It serves no web app (the API is
 * what is tested) and prints one line once it answers: `instance ready at <url>`.
 */
import path from 'node:path';
import { startServer } from '../../api/server';
import { stopOnSignals } from '../../api/stop-on-signals';
import { loadConfig } from '../../commands/infrastructure/config';
import { createLogger } from '../../commands/infrastructure/logger';

const config = loadConfig();
const logger = createLogger(config.logLevel, false);
const server = await startServer({ config, logger, webRoot: path.resolve('.data/no-web-app') });
stopOnSignals(server, logger);
console.log(`instance ready at ${server.url}`);

import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { CommandContext } from '../commands/handle-command';

/** A member of the public's command: no identity, the request and the address for the audit trail. */
export const publicContext = (ctx: Context): CommandContext => ({
  actor: { public: true },
  correlationId: ctx.state.requestId ?? randomUUID(),
  audit: { clientAddress: ctx.ip },
});

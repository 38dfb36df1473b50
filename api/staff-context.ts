import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { CommandContext } from '../commands/handle-command';
import type { Viewer } from './routing';

/** Who does a staff command, from which request and address: the audit part of every event it writes. */
export const staffContext = (viewer: Viewer, ctx: Context): CommandContext => ({
  actor: { userId: viewer.userId, role: viewer.roles[0] ?? 'ROLE_USER' },
  correlationId: ctx.state.requestId ?? randomUUID(),
  audit: { clientAddress: ctx.ip },
});

import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../../commands/infrastructure/database-unavailable';
import { DomainError } from '../../domain/shared/decider';
import { codeForStatus, httpStatusOf, type ErrorCode } from '../error-codes';

export interface ErrorBody {
  error: ErrorCode;
  detail: string;
  issues?: { path: (string | number)[]; message: string; code: string }[];
}

/** Raised by handlers for HTTP-level refusals that are not domain decisions (404 of a read model, 401, 403). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}

const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Turns every failure under /api into DESIGN §6's body. Unexpected errors are logged with the request id and
 * answered as a bare 500: no stack, no message, nothing personal.
 */
export async function errorMiddleware(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
    if (ctx.status === 404 && ctx.body == null && ctx.path.startsWith('/api')) {
      respond(ctx, 404, { error: 'NOT_FOUND', detail: 'There is nothing at this address.' });
    }
  } catch (error) {
    if (error instanceof ZodError) {
      const issues = error.issues.map((issue) => ({
        path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
        message: issue.message,
        code: issue.code,
      }));
      const first = issues[0];
      respond(ctx, 400, {
        error: 'VALIDATION_FAILED',
        detail: first ? `${first.path.join('.') || 'request'}: ${first.message}` : 'Invalid request',
        issues,
      });
      return;
    }
    if (error instanceof DomainError) {
      if (typeof error.details.retryAfterSeconds === 'number')
        ctx.set('Retry-After', String(error.details.retryAfterSeconds));
      const field = typeof error.details.field === 'string' ? error.details.field : undefined;
      const issues = Array.isArray(error.details.issues)
        ? (error.details.issues as ErrorBody['issues'])
        : field
          ? [{ path: [field], message: error.message, code: error.code }]
          : undefined;
      respond(ctx, httpStatusOf(error.code), {
        error: error.code,
        detail: error.message,
        ...(issues ? { issues } : {}),
      });
      return;
    }
    if (error instanceof HttpError) {
      respond(ctx, error.status, { error: error.code, detail: error.message });
      return;
    }
    const status = statusOf(error);
    if (status && status < 500) {
      const code = error instanceof SyntaxError && status === 400 ? 'INVALID_JSON' : codeForStatus(status);
      const headers = (error as { headers?: Record<string, string> }).headers;
      if (headers?.['Retry-After'] !== undefined) ctx.set('Retry-After', String(headers['Retry-After']));
      respond(ctx, status, { error: code, detail: publicDetail(code) });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or restarting: the client may try again shortly; not a fault of this code.
      ctx.state.logger?.warn({ err: error }, 'database unavailable');
      ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      respond(ctx, httpStatusOf('DATABASE_UNAVAILABLE'), {
        error: 'DATABASE_UNAVAILABLE',
        detail: 'The service is temporarily unavailable; please try again in a few seconds.',
      });
      return;
    }
    ctx.state.logger?.error({ err: error }, 'unexpected error');
    respond(ctx, 500, { error: 'INTERNAL_ERROR', detail: 'An unexpected error occurred.' });
  }
}

function respond(ctx: Context, status: number, body: ErrorBody): void {
  ctx.status = status;
  ctx.body = body;
}

function statusOf(error: unknown): number | undefined {
  const candidate = error as { status?: unknown; statusCode?: unknown };
  const status = candidate?.status ?? candidate?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined;
}

function publicDetail(code: ErrorCode): string {
  switch (code) {
    case 'INVALID_JSON':
      return 'The request body is not valid JSON.';
    case 'PAYLOAD_TOO_LARGE':
      return 'The request body is too large.';
    case 'RATE_LIMITED':
      return 'Too many requests; please wait and try again.';
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'Send the request body as JSON.';
    default:
      return 'The request was refused.';
  }
}

import { z } from 'zod';
import { ROLES } from '../../domain/users/user';
import { newPassword } from '../users/schemas';

const email = z.string().trim().toLowerCase().email().max(180);

export const loginBody = z.strictObject({
  username: email,
  password: z.string().min(1).max(200),
  twoFactorCode: z
    .string()
    .regex(/^\d{6}$/, 'The code has exactly six digits')
    .optional(),
});
export const loginResponse = z.object({ token: z.string() });

export const okResponse = z.object({ ok: z.literal(true) });

export const resetRequestBody = z.strictObject({ username: email, botCheck: z.string().max(10_000).optional() });

export const newPasswordBody = z.strictObject({
  code: z.string().min(16).max(200),
  password: newPassword,
  passwordCheck: z.string().max(200),
});

export const meResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  roles: z.array(z.enum(ROLES)),
  /** The sign-in before the current one (null on a first sign-in). */
  lastLoginAt: z.string().nullable(),
});

import type { z } from 'zod';
import type { userBody, userCreateBody, userCreated, userList, userResponse } from '../../../../api/users/schemas';

/** The user calls (§7 Reference data: users), inferred from the API's own schemas (types only). */
export type User = z.infer<typeof userResponse>;
export type UserList = z.infer<typeof userList>;
export type UserBody = z.input<typeof userBody>;
export type UserCreateBody = z.input<typeof userCreateBody>;
export type UserCreated = z.infer<typeof userCreated>;

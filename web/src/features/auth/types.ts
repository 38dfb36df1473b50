import type { z } from 'zod';
import type {
  loginBody,
  loginResponse,
  newPasswordBody,
  okResponse,
  resetRequestBody,
} from '../../../../api/auth/schemas';

export type { Me, Role } from '../../shared/currentUser';

/** Bodies and answers of the identity calls (§7 Identity and access), inferred from the API's own schemas (types only). */
export type LoginBody = z.input<typeof loginBody>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type ResetRequestBody = z.input<typeof resetRequestBody>;
export type NewPasswordBody = z.input<typeof newPasswordBody>;
export type OkResponse = z.infer<typeof okResponse>;

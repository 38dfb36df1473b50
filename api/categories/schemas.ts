import { z } from 'zod';
import { acceptingReadOnlyFields } from '../representation-body';
import { recordIdParam } from '../shared-schemas';

export const categoryIdParams = z.strictObject({ id: recordIdParam });

export const categoryBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  isDefault: z.boolean().default(false),
});

export const categoryResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** PUT categories/{id}: the form's fields, or the category as GET answered it (its read-only fields ignored). */
export const categoryPutBody = acceptingReadOnlyFields(categoryBody, categoryResponse);
export const categoryList = z.object({ items: z.array(categoryResponse) });
export const categorySaved = z.object({ id: z.number().int() });
export const categoryDeleted = z.object({ deleted: z.literal(true) });

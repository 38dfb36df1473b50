import { z } from 'zod';
import { acceptingReadOnlyFields } from '../representation-body';
import { recordIdParam } from '../shared-schemas';

export const templateIdParams = z.strictObject({ id: recordIdParam });

const required = (max: number) => z.string().trim().min(1).max(max);

/** An e-mail template (§3, §5): every field required, with its French variant. */
export const templateBody = z.strictObject({
  name: required(150),
  fromEmail: z.string().trim().email().max(180),
  fromName: required(150),
  fromNameFr: required(150),
  subject: required(200),
  subjectFr: required(200),
  body: required(20_000),
  bodyFr: required(20_000),
});

export const templateResponse = templateBody.extend({
  id: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** PUT templates/{id}: the form's fields, or the template as GET answered it (its read-only fields ignored). */
export const templatePutBody = acceptingReadOnlyFields(templateBody, templateResponse);
/** §7: the list answers items with id and name. */
export const templateList = z.object({ items: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export const templateSaved = z.object({ id: z.number().int() });
export const templateDeleted = z.object({ deleted: z.literal(true) });

import { z } from 'zod';

/** The read-only fields of a representation: those `response` answers and `body` does not take. */
export const readOnlyFields = (body: z.ZodObject, response: z.ZodObject): string[] =>
  Object.keys(response.shape).filter((key) => !Object.hasOwn(body.shape, key));

/** A field a body accepts whatever its value and that nothing reads (a representation's id, timestamps, figures). */
export const readOnlyField = (description = 'Read-only: accepted and ignored') =>
  z.unknown().optional().meta({ readOnly: true, description });

/** The schema a response field is, under optional, nullable or default. */
function bare(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault
    ? bare(schema.def.innerType as z.ZodType)
    : schema;
}

/** A copy of `schema` with `def` changed, keeping its description and other metadata. */
function rebuilt<S extends z.ZodType>(schema: S, def: S['def']): S {
  const copy = schema.clone(def);
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(copy, meta);
  return copy;
}

function withoutKeys(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const kept = { ...value };
  for (const key of keys) delete kept[key];
  return kept;
}

/** `body`, also taking what `response` answers for the same place: recursively through objects, arrays and wrappers. */
function takingBack(body: z.ZodType, response: z.ZodType): z.ZodType {
  const answered = bare(response);
  if (body instanceof z.ZodObject && answered instanceof z.ZodObject) return objectTakingBack(body, answered);
  if (body instanceof z.ZodArray && answered instanceof z.ZodArray) {
    const element = takingBack(body.element as z.ZodType, answered.element as z.ZodType);
    return element === body.element ? body : rebuilt(body, { ...body.def, element });
  }
  if (body instanceof z.ZodOptional || body instanceof z.ZodNullable || body instanceof z.ZodDefault) {
    const inner = body.def.innerType as z.ZodType;
    const taken = takingBack(inner, answered);
    return taken === inner ? body : rebuilt(body, { ...body.def, innerType: taken } as typeof body.def);
  }
  return body;
}

function objectTakingBack(body: z.ZodObject, response: z.ZodObject): z.ZodType {
  const readOnly = readOnlyFields(body, response);
  const nested: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(body.shape)) {
    const answered = response.shape[key];
    const taken = answered ? takingBack(field, answered) : field;
    if (taken !== field) nested[key] = taken;
  }
  if (readOnly.length === 0 && Object.keys(nested).length === 0) return body;
  // safeExtend keeps the body's refinements and its strictness: a field of no representation is still a 400.
  const extended = body.safeExtend({
    ...nested,
    ...Object.fromEntries(readOnly.map((key) => [key, readOnlyField()])),
  } as z.ZodRawShape);
  return readOnly.length === 0 ? extended : extended.transform((value) => withoutKeys(value, readOnly));
}

/**
 * The body of a PUT that takes back the representation its GET answered (DESIGN §6: GET, change, PUT). The
 * read-only fields (those the response has and the body does not take: ids, timestamps, derived names and
 * figures), also inside nested objects and lists (a lane's timeslots), are accepted whatever their value and
 * dropped before the handler sees the body. They come from the response schema, so a field added to the answer later
 * is taken back too. Any other field is still refused by the strict `body`, as a 400 naming it; `body`'s
 * refinements still apply.
 */
export function acceptingReadOnlyFields<B extends z.ZodObject, R extends z.ZodObject>(
  body: B,
  response: R,
): z.ZodType<z.output<B>, z.input<B>> {
  return takingBack(body, response) as unknown as z.ZodType<z.output<B>, z.input<B>>;
}

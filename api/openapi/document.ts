import { z, type ZodType } from 'zod';
import { koaPathToOpenApi, type RouteDefinition } from '../routing';

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parameters(schema: ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

const errorBody = {
  type: 'object',
  required: ['error', 'detail'],
  properties: {
    error: { type: 'string', description: 'Stable machine code, e.g. VALIDATION_FAILED, SERVICE_NOT_FOUND' },
    detail: { type: 'string' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'array', items: {} }, message: { type: 'string' }, code: { type: 'string' } },
      },
    },
  },
};

/** The OpenAPI 3.1 document of the API, generated from the same zod schemas that validate each route. */
export function buildOpenApiDocument(routes: RouteDefinition[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api${koaPathToOpenApi(route.path)}`;
    const success = String(route.successStatus ?? 200);
    paths[path] ??= {};
    paths[path][route.method] = {
      summary: route.summary,
      tags: [route.tag],
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [success]: {
          description: 'Success',
          content: {
            [route.responseMediaType ?? 'application/json']: { schema: jsonSchema(route.response, 'output') },
          },
        },
        ...(route.sharedCacheSeconds === undefined
          ? {}
          : { 304: { description: 'Not modified: the answer with the ETag sent in If-None-Match still holds' } }),
        ...Object.fromEntries(
          Object.entries(route.otherResponses ?? {}).map(([status, { description, schema }]) => [
            status,
            { description, content: { 'application/json': { schema: jsonSchema(schema, 'output') } } },
          ]),
        ),
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Public health unit booking API', version },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: errorBody },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

// Responses are serialised by fast-json-stringify, compiled once per route from the contract's zod
// schema (as Fastify does with JSON schemas). It writes only the declared properties, so a handler
// can never leak a field the contract does not name; a missing required field is a fault (500).

type JsonSchema = { [key: string]: unknown };

/** Drops `additionalProperties: false` so that undeclared fields are left out rather than refused. */
function allowUndeclaredFields(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(allowUndeclaredFields);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    copy[key] = allowUndeclaredFields(value);
  }
  return copy;
}

export const contractSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(allowUndeclaredFields(jsonSchema) as Parameters<typeof fastJson>[0]);
};

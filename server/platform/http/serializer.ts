import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z, type ZodType } from 'zod';

/**
 * Answers serialized by a function compiled once per route from the contract's response schema (as JSON
 * schema), instead of a zod parse on every answer. Like zod's check, it writes only the declared fields, so no
 * column leaves the server by accident; tests and development keep zod's stricter check (`checkResponses`).
 */
export const compiledSerializer: FastifySerializerCompiler<ZodType> = ({ schema }) =>
  fastJson(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as never);

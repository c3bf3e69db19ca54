import type { FastifySchemaCompiler } from 'fastify'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import { hasZodFastifySchemaValidationErrors, validatorCompiler as zodValidatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

/** Route handlers see the parsed types of their zod schemas (fastify-type-provider-zod). */
export type { ZodTypeProvider }

/**
 * Validates with zod. A body object is made strict here, so a field the route does not know is a 400,
 * not silently dropped; nested objects and unions must be declared with z.strictObject themselves.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const strict = route.httpPart === 'body' && route.schema instanceof z.ZodObject ? route.schema.strict() : route.schema
  return zodValidatorCompiler({ ...route, schema: strict })
}

/**
 * The 400's message when a request failed its schema: every problem as `part.field: what is wrong`,
 * e.g. "body.email: is required; body: unknown field(s) admin". Undefined for other errors.
 */
export function validationMessage(err: unknown): string | undefined {
  if (!hasZodFastifySchemaValidationErrors(err)) return undefined
  const part = (err as { validationContext?: string }).validationContext ?? 'input'
  return err.validation
    .map((problem) => {
      const where = [part, ...problem.instancePath.split('/').filter(Boolean)].join('.')
      const keys = (problem.params as { keys?: unknown }).keys
      if (problem.keyword === 'unrecognized_keys' && Array.isArray(keys)) return `${where}: unknown field(s) ${keys.join(', ')}`
      if (problem.keyword === 'invalid_type' && /received undefined$/.test(problem.message ?? '')) return `${where}: is required`
      return `${where}: ${problem.message ?? 'is not valid'}`
    })
    .join('; ')
}

/** Responses are parsed by their schema too, so fields not declared never leak. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => (data) =>
  JSON.stringify(schema.parse(data))

/** The error answer's schema (routes list it among their responses). */
export { errorBody } from '@hearing/contracts'

import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import { z } from 'zod'

/** Lets route handlers see the parsed types of their zod schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown
}

function describe(error: z.ZodError, part: string): string {
  return error.issues
    .map((issue) => {
      const where = [part, ...issue.path].join('.')
      if (issue.code === 'unrecognized_keys') return `${where}: unknown field(s) ${issue.keys.join(', ')}`
      if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `${where}: is required`
      return `${where}: ${issue.message}`
    })
    .join('; ')
}

/**
 * Validates with zod. A body object is made strict here, so a field the route does not know is a 400,
 * not silently dropped; nested objects and unions must be declared with z.strictObject themselves.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const strict = httpPart === 'body' && schema instanceof z.ZodObject ? schema.strict() : schema
  return (data) => {
    const result = strict.safeParse(data)
    if (result.success) return { value: result.data }
    const error = new Error(describe(result.error, httpPart ?? 'input')) as Error & { statusCode: number }
    error.statusCode = 400
    return { error }
  }
}

/** Responses are parsed by their schema too, so fields not declared never leak. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => (data) =>
  JSON.stringify(schema.parse(data))

export const errorBody = z.object({ statusCode: z.number(), error: z.string(), message: z.string() })

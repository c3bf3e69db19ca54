import { readFileSync } from 'node:fs'
import fc from 'fast-check'

/**
 * fast-check arbitraries from JSON Schema (what z.toJSONSchema and the services' OpenAPI documents
 * hold): values a schema accepts, and hostile ones that a service must answer with a 4xx, never a 5xx.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: Json[]
  const?: Json
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
}

/** Strings no field should ever turn into a 500: NUL, broken Unicode, injections (the list is data: hostile-strings.json). */
export const HOSTILE_STRINGS: readonly string[] = [
  ...(JSON.parse(readFileSync(new URL('../../src/testing/hostile-strings.json', import.meta.url), 'utf8')) as string[]),
  // Long ones: past the usual limits, in one-, two- and four-byte characters.
  'a'.repeat(201),
  'é'.repeat(5000),
  '😀'.repeat(300),
]

const HOSTILE_VALUES: readonly Json[] = [...HOSTILE_STRINGS, null, true, 0, -1, 1.5, 1e308, [], {}, ['a'], { nested: { deeper: 'x' } }]

const MAX_DEPTH = 4
const SAFE = 1e9

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
}

function patternString(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern, 'u'))
  } catch {
    return undefined // a construct fast-check cannot generate from: fall back to plain strings
  }
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  switch (schema.format) {
    case 'email':
      return fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,15}[a-z0-9]$/), fc.constantFrom('example.com', 'example.org')).map(([local, domain]) => `${local.replace(/\.+/g, '.')}@${domain}`)
    case 'uuid':
      return fc.uuid({ version: 4 })
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString())
  }
  const matching = schema.pattern === undefined ? undefined : patternString(schema.pattern)
  if (matching) return matching
  return fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 200)) })
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000), -SAFE)
  const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000), SAFE)
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true })
}

/** Values the schema accepts, as far as JSON Schema says (zod refinements are not in it). */
export function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<Json> {
  if (!schema || depth > MAX_DEPTH) return fc.constant('x')
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum?.length) return fc.constantFrom(...schema.enum)
  const choices = schema.anyOf ?? schema.oneOf
  if (choices?.length) return fc.oneof(...choices.map((c) => validValue(c, depth + 1)))
  if (schema.allOf?.length) return validValue(schema.allOf[0], depth + 1)
  switch (typeOf(schema)) {
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, validValue(v, depth + 1)]))
      return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) }) as fc.Arbitrary<Json>
    }
    case 'array':
      return fc.array(validValue(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 5)) })
    case 'integer':
      return numberValue(schema, true)
    case 'number':
      return numberValue(schema, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    default:
      return stringValue(schema)
  }
}

/** Values just past the schema's own limits: one character, one item or one unit too many. */
function pastTheLimits(schema: JsonSchema | undefined): fc.Arbitrary<Json>[] {
  if (!schema) return []
  const out: fc.Arbitrary<Json>[] = []
  if (schema.maxLength !== undefined) out.push(fc.string({ minLength: schema.maxLength + 1, maxLength: schema.maxLength + 20 }))
  if (schema.maximum !== undefined) out.push(fc.constant(schema.maximum + 1))
  if (schema.minimum !== undefined) out.push(fc.constant(schema.minimum - 1))
  if (schema.maxItems !== undefined) out.push(fc.array(validValue(schema.items), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }))
  return out
}

/** Anything a caller might send instead of a value of this schema. */
export function hostileValue(schema?: JsonSchema): fc.Arbitrary<Json> {
  return fc.oneof(fc.constantFrom(...HOSTILE_VALUES), ...pastTheLimits(schema))
}

/** Hostile strings for where only text travels (path segments, query values). */
export function hostileText(schema?: JsonSchema): fc.Arbitrary<string> {
  const tooLong = schema?.maxLength === undefined ? [] : [fc.string({ minLength: schema.maxLength + 1, maxLength: schema.maxLength + 20 })]
  return fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.constantFrom('a'.repeat(300), 'a'.repeat(5000)), ...tooLong)
}

/**
 * A value of the schema with one thing wrong: a field (at any depth) replaced by a hostile value,
 * a required field left out, a field the schema does not know, or a hostile value as the whole.
 */
export function hostileVariant(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<Json> {
  const whole = hostileValue(schema)
  const entries = Object.entries(schema?.properties ?? {})
  if (!schema || typeOf(schema) !== 'object' || entries.length === 0 || depth > MAX_DEPTH) return whole
  const valid = validValue(schema, depth) as fc.Arbitrary<Record<string, Json>>
  const oneFieldWrong = fc
    .tuple(valid, fc.constantFrom(...entries))
    .chain(([value, [key, inner]]) => hostileVariant(inner, depth + 1).map((bad) => ({ ...value, [key]: bad })))
  const missing = fc.tuple(valid, fc.constantFrom(...entries.map(([k]) => k))).map(([value, key]) => {
    const { [key]: _dropped, ...rest } = value
    return rest
  })
  const unknown = fc.tuple(valid, fc.constantFrom(...HOSTILE_STRINGS, '__proto__', 'constructor')).map(([value, key]) => ({ ...value, [key]: 'x' }))
  return fc.oneof({ arbitrary: oneFieldWrong, weight: 4 }, missing, unknown, whole)
}

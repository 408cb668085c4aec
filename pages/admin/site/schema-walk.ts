/**
 * What the Site area's form shows for a part of a file's zod schema (pure): the schema is the
 * one source of the form, so a field added to a page's schema appears in its form with its
 * limits. Reads zod 4's definitions (`def.type`, the length checks) and the `format` fields.ts
 * marks a rich text, a link, a price or an image with.
 */
import { type z, globalRegistry } from 'zod'
import type { FieldFormat } from '../../../core/site-content/fields.ts'

export type FieldKind =
  | { kind: 'text'; max: number | null; rich: boolean; format: 'url' | 'email' | null; optional: boolean }
  | { kind: 'number'; min: number | null; max: number | null; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'choice'; options: string[] }
  | { kind: 'price'; currencies: string[] }
  | { kind: 'image'; fields: [string, z.ZodType][] }
  | { kind: 'object'; fields: [string, z.ZodType][] }
  | { kind: 'list'; item: z.ZodType; min: number; max: number }
  | { kind: 'union'; options: z.ZodType[] }

// zod 4's definitions, as far as the form reads them.
interface Def {
  type: string
  innerType?: z.ZodType
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  options?: z.ZodType[]
  entries?: Record<string, string>
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean; format?: string } } }[]
}

const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def

function formatOf(schema: z.ZodType): FieldFormat | null {
  const meta = globalRegistry.get(schema) as { format?: FieldFormat } | undefined
  return meta?.format ?? null
}

function check(def: Def, name: string) {
  return def.checks?.map((entry) => entry._zod.def).find((entry) => entry.check === name)
}

/** The field a schema is edited with. */
export function fieldKind(schema: z.ZodType): FieldKind {
  const def = defOf(schema)
  const format = formatOf(schema)
  switch (def.type) {
    case 'optional': {
      const inner = fieldKind(def.innerType!)
      return inner.kind === 'text' ? { ...inner, optional: true } : inner
    }
    case 'string':
      return {
        kind: 'text',
        max: check(def, 'max_length')?.maximum ?? null,
        rich: format === 'rich-text',
        format: format === 'url' || format === 'email' ? format : null,
        optional: false,
      }
    case 'number':
      return {
        kind: 'number',
        min: check(def, 'greater_than')?.value ?? null,
        max: check(def, 'less_than')?.value ?? null,
        integer: check(def, 'number_format')?.format === 'safeint',
      }
    case 'boolean':
      return { kind: 'boolean' }
    case 'enum':
      return { kind: 'choice', options: Object.values(def.entries!) }
    case 'array':
      return { kind: 'list', item: def.element!, min: check(def, 'min_length')?.minimum ?? 0, max: check(def, 'max_length')?.maximum ?? Infinity }
    case 'union':
      return { kind: 'union', options: def.options! }
    case 'object': {
      const fields = Object.entries(def.shape!)
      if (format === 'price') return { kind: 'price', currencies: (fieldKind(def.shape!.currency!) as { options: string[] }).options }
      return { kind: format === 'image' ? 'image' : 'object', fields }
    }
    default:
      throw new Error(`the Site form has no field for a zod ${def.type}`)
  }
}

/** A new item of a list, or what a field starts as: empty text, the lowest number, the first choice. */
export function emptyValue(schema: z.ZodType): unknown {
  const kind = fieldKind(schema)
  switch (kind.kind) {
    case 'text':
      return kind.optional ? undefined : ''
    case 'number':
      return kind.min ?? 0
    case 'boolean':
      return false
    case 'choice':
      return kind.options[0]
    case 'price':
      return { amount: 0, currency: kind.currencies[0] }
    case 'list':
      return Array.from({ length: kind.min }, () => emptyValue(kind.item))
    case 'union':
      return emptyValue(kind.options[0]!)
    case 'image':
    case 'object':
      return Object.fromEntries(kind.fields.flatMap(([key, field]) => (defOf(field).type === 'optional' ? [] : [[key, emptyValue(field)]])))
  }
}

/** An element id for a field's path (`plans.1.annualPrice` → `site-plans-1-annualPrice`). */
export function fieldId(path: string): string {
  return `site-${path.replaceAll('.', '-')}`
}

import { keyWords } from './field-words.ts'
/**
 * Which fields of a file's values differ, and what a person calls each: a save's commit message
 * ("site: pricing — Premium annual price") and a stale edit's 409 name them. Pure: the admin
 * may show the same words.
 */

export type FieldPath = (string | number)[]

/** The paths of the values that differ between `a` and `b`, in `b`'s order (a list whose length changed is one field). */
export function changedFields(a: unknown, b: unknown, path: FieldPath = []): FieldPath[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [path]
    return b.flatMap((item, index) => changedFields(a[index], item, [...path, index]))
  }
  // A price is one field: its amount and currency say one thing.
  if (isPrice(a) && isPrice(b)) return a.amount === b.amount && a.currency === b.currency ? [] : [path]
  if (isObject(a) && isObject(b)) {
    const keys = [...Object.keys(b), ...Object.keys(a).filter((key) => !Object.hasOwn(b, key))]
    return keys.flatMap((key) => changedFields(a[key], b[key], [...path, key]))
  }
  return Object.is(a, b) ? [] : [path]
}

/**
 * A field's name for a person, from its path in `values`: a list item is named by its own
 * name, title or question when it has one, instead of the list (`plans.1.annualPrice` →
 * "Premium annual price"), else by the list and its position; keys read as words.
 */
export function fieldLabel(values: unknown, path: FieldPath): string {
  const words: string[] = []
  let node: unknown = values
  for (const step of path) {
    if (typeof step === 'number') {
      const item = Array.isArray(node) ? node[step] : undefined
      const name = isObject(item) ? [item.name, item.title, item.question, item.label].find((value) => typeof value === 'string') : undefined
      if (typeof name === 'string') words[words.length - 1] = name
      else words.push(`item ${step + 1}`)
      node = item
    } else {
      words.push(keyWords(step))
      node = isObject(node) ? node[step] : undefined
    }
  }
  const label = words.join(' ')
  return label === '' ? 'the whole file' : label.charAt(0).toUpperCase() + label.slice(1)
}

/** A price as the files hold it: `{ amount, currency }`. */
export function isPrice(value: unknown): value is { amount: unknown; currency: unknown } {
  return isObject(value) && Object.keys(value).length === 2 && 'amount' in value && 'currency' in value
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

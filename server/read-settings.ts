/**
 * The environment read through a settings schema (core/contract/settings/): each wrong value is
 * a problem, `NAME="value": message`, as ConfigError lists them, with the value shown as the
 * rule's issue says (SettingIssueParams: a secret as `…`).
 */
import type { z } from 'zod'
import type { Env, SettingIssueParams } from '../core/contract/settings/index.ts'

/**
 * `env` through `schema`, each problem pushed to `problems`. With problems, the settings come
 * back all the same, each read through its own field and one that broke its rule as its text:
 * the caller still checks what the schema cannot (the folders, which no rule refuses) so that
 * one start names every problem, then throws them all.
 */
export function readSettings<S extends z.ZodObject>(schema: S, env: Env, problems: string[]): z.output<S> {
  const read = schema.safeParse(env)
  if (read.success) return read.data
  // Each setting's problems together, in the schema's order, its own rule's before those between settings.
  const order = Object.keys(schema.shape)
  const issues = read.error.issues.toSorted((a, b) => order.indexOf(String(a.path[0])) - order.indexOf(String(b.path[0])))
  problems.push(...issues.map((issue) => problemOf(issue, env)))
  const asRead = Object.entries(schema.shape).map(([name, field]) => {
    const value = field.safeParse(env[name])
    return [name, value.success ? value.data : env[name]?.trim()]
  })
  return Object.fromEntries(asRead) as z.output<S>
}

function problemOf(issue: z.core.$ZodIssue, env: Env): string {
  const name = String(issue.path[0])
  const params: SettingIssueParams = (issue.code === 'custom' && issue.params) || {}
  const shown = params.shown !== undefined ? params.shown : JSON.stringify(env[name] ?? '')
  return `${params.name ?? name}${shown === null ? '' : `=${shown}`}: ${issue.message}`
}

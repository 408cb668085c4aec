/**
 * What every setting's schema is built from (server-settings.ts, content-sync-settings.ts and
 * mail-settings.ts beside this). A setting is an environment variable: text, read without its
 * surrounding spaces, and unset when it is blank, so that its default applies. A wrong value
 * gets the message of the rule it breaks, which says what a right one is; server/config.ts
 * writes it after the setting's name and value: `PORT="70000": must be a whole number from 0 to 65535`.
 */
import { z } from 'zod'

/** The environment, or any record of settings by name. */
export type Env = Readonly<Record<string, string | undefined>>

/**
 * How a wrong value's message names it, in its issue's `params`; without them it is
 * `NAME="the value as set": message`. `shown` stands for the value (a secret shows as `…`, a
 * URL with its password as `***`, a value as its rule read it, without spaces), or, null, is
 * left out: `NAME: message`. `name` stands for the name, for a rule about two settings.
 */
export interface SettingIssueParams {
  shown?: string | null
  name?: string
}

/** A setting read without its surrounding spaces: blank or unset, it is unset. */
export function setting<T extends z.ZodType>(rule: T) {
  return z.preprocess((value) => (typeof value === 'string' ? value.trim() || undefined : value), rule.optional())
}

/** A setting read as set, spaces and all (a secret, a password: a space in one is a character of it); only empty is unset. */
export function exactSetting<T extends z.ZodType>(rule: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), rule.optional())
}

/** A rule of one setting whose message shows `shown(value)` of its value (SettingIssueParams). */
export function rule<T>(test: (value: T) => boolean, message: string, shown: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    if (!test(value)) ctx.addIssue({ code: 'custom', message, params: { shown: shown(value) } satisfies SettingIssueParams })
  }
}

/** The value as its rule read it, quoted: without the spaces around it. */
export const quoted = (value: string) => JSON.stringify(value)

/** A secret is never shown, not even in part. */
export const hidden = () => '…'

/** A whole number written in digits (`digits`), from `min` to `max`. */
export function wholeNumber(min: number, max: number, message: string, options: { digits?: RegExp; shown?: (value: string) => string } = {}) {
  const { digits = /^\d+$/, shown } = options
  const test = (value: string) => digits.test(value) && Number(value) >= min && Number(value) <= max
  const checked = shown ? z.string().superRefine(rule(test, message, shown)) : z.string().refine(test, message)
  return checked.transform(Number)
}

/** One of `values`. */
export function oneOf<const T extends string>(values: readonly T[], message: string, shown?: (value: string) => string) {
  const test = (value: string): value is T => (values as readonly string[]).includes(value)
  const checked = shown ? z.string().superRefine(rule(test, message, shown)) : z.string().refine(test, message)
  return checked.transform((value) => value as T)
}

/** The URL `value` names, or null when it names none. */
export function urlOf(value: string): URL | null {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

/** `url` quoted for a message, with its password, and its user name with `user`, as `***`. */
export function maskedUrl(url: URL, { user }: { user: boolean }): string {
  const copy = new URL(url.href)
  if (user && copy.username) copy.username = '***'
  if (copy.password) copy.password = '***'
  return JSON.stringify(copy.href)
}

/** Refuses the setting `name` from a rule between settings (SettingIssueParams). */
export function refuse(ctx: z.RefinementCtx<unknown>, name: string, message: string, params?: SettingIssueParams) {
  ctx.addIssue({ code: 'custom', path: [name], message, ...(params && { params }) })
}

/**
 * The rules between settings run even when a setting broke its own rule (zod skips them then),
 * so that one start names every wrong value. A setting that broke its own rule is still its text
 * in what they read: they ask only whether a setting is set, or whether it is a value its own
 * rule accepts. Each refuses a setting that is set.
 */
export const EVEN_WITH_WRONG_VALUES = { when: () => true }

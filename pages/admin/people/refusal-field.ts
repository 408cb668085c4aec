/**
 * A refusal the server names a field in (400 "<field> <problem>", SPEC §8's "<status>: <body>"),
 * said at that field: the field's words in front, a full stop behind. Null when the refusal
 * names none of `fields` (the form shows it beside its button instead).
 */
export function refusalAtField<F extends string>(message: string, fields: Record<F, string>): { field: F; message: string } | null {
  const match = /^400: (\w+) (.+)$/s.exec(message)
  const field = match?.[1] as F | undefined
  if (!match || !field || !Object.hasOwn(fields, field)) return null
  const text = `${fields[field]} ${match[2]}`
  return { field, message: /[.!?]$/.test(text) ? text : `${text}.` }
}

/** The server's words without SPEC §8's "<status>: " in front. */
export function reasonOf(error: Error): string {
  return error.message.replace(/^\d{3}: /, '')
}

export const ROLE_LABELS = { admin: 'Admin', editor: 'Editor', author: 'Author' } as const

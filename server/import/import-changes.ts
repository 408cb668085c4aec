/**
 * What the importer's mappings did to one post's body, for the report (pure): the source's blocks
 * kept as they were written, and each change with how it was made ("gallery block → gallery",
 * "dynamic block latest-posts removed"), one entry per occurrence, counted when printed.
 */
export interface BodyChanges {
  /** Kinds of the source's blocks kept as written (`paragraph`, `heading`), one per block. */
  kept: string[]
  /** What was changed, and how, one per occurrence. */
  changed: string[]
}

export function noChanges(): BodyChanges {
  return { kept: [], changed: [] }
}

/** `2 × gallery block → gallery; video block → link` from each occurrence, in first-seen order. */
export function countedList(items: readonly string[], separator = '; '): string {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1)
  return [...counts].map(([item, count]) => (count > 1 ? `${count} × ${item}` : item)).join(separator)
}

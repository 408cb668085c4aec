/** One line of a diff: in both versions, only in the new one, or only in the old one. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed'
  text: string
}

/** Above this many line pairs the diff shows the two versions as removed and added whole. */
const MAX_CELLS = 4_000_000

/**
 * A line diff (longest common subsequence), old → new. Post content is stored one block per
 * line, so lines are paragraphs, headings and list items: a readable unit for an admin.
 */
export function diffLines(before: readonly string[], after: readonly string[]): DiffLine[] {
  const n = before.length
  const m = after.length
  if (n * m > MAX_CELLS) {
    return [...before.map((text) => ({ kind: 'removed' as const, text })), ...after.map((text) => ({ kind: 'added' as const, text }))]
  }
  // lengths[i][j]: the longest common subsequence of before[i..] and after[j..].
  const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i]![j] = before[i] === after[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
    }
  }
  const lines: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      lines.push({ kind: 'same', text: before[i]! })
      i++
      j++
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) {
      lines.push({ kind: 'removed', text: before[i++]! })
    } else {
      lines.push({ kind: 'added', text: after[j++]! })
    }
  }
  while (i < n) lines.push({ kind: 'removed', text: before[i++]! })
  while (j < m) lines.push({ kind: 'added', text: after[j++]! })
  return lines
}

/** One step of a diff, old → new: an item in both, only in the new one, or only in the old one. */
export type DiffStep = { kind: 'same'; before: number; after: number } | { kind: 'removed'; before: number } | { kind: 'added'; after: number }

/** Above this many item pairs (after the common ends are set aside) a diff is not computed: 16 MB of table. */
const MAX_CELLS = 4_000_000

/**
 * The shortest edit from `before` to `after` (a longest common subsequence of items compared by
 * their key), as steps in order; null when the part that differs is too large to compare
 * (MAX_CELLS), so the caller says so rather than holding a table the size of both. The common
 * beginning and end are set aside first: two versions of a post differ in a few places.
 */
export function diffKeys(before: readonly string[], after: readonly string[]): DiffStep[] | null {
  let start = 0
  while (start < before.length && start < after.length && before[start] === after[start]) start++
  let endBefore = before.length
  let endAfter = after.length
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--
    endAfter--
  }
  const n = endBefore - start
  const m = endAfter - start
  if (n * m > MAX_CELLS) return null
  const steps: DiffStep[] = []
  for (let i = 0; i < start; i++) steps.push({ kind: 'same', before: i, after: i })
  // lengths[i][j]: the longest common subsequence of the middle parts from i and j on.
  const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i]![j] = before[start + i] === after[start + j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
    }
  }
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (before[start + i] === after[start + j]) steps.push({ kind: 'same', before: start + i++, after: start + j++ })
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) steps.push({ kind: 'removed', before: start + i++ })
    else steps.push({ kind: 'added', after: start + j++ })
  }
  while (i < n) steps.push({ kind: 'removed', before: start + i++ })
  while (j < m) steps.push({ kind: 'added', after: start + j++ })
  for (let k = 0; k < before.length - endBefore; k++) steps.push({ kind: 'same', before: endBefore + k, after: endAfter + k })
  return steps
}

import { readFile } from 'node:fs/promises'

/**
 * A JSON file the server keeps for itself (a build record, the pages' stamps), read back: null
 * when it is missing or cannot be read as JSON, which every caller treats as "none yet" (and so
 * does its work again). What the value holds is the caller's to check.
 */
export async function readJsonFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown
  } catch {
    return null
  }
}

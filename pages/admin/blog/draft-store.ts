import type { PostFields } from '../../../core/contract/index.ts'

/**
 * An admin's unsaved editor form, kept in this browser (IndexedDB) so that closing the editor,
 * the tab or the browser, a crash or a lost session never loses it.
 */
export interface PostDraft {
  /** Whose it is: two admins sharing a browser never see each other's work. */
  username: string
  /** The post's id, or null for a new post. */
  postId: string | null
  /** Every field of the form. */
  fields: PostFields
  /** The post `version` the form started from (null for a new post): a different one now means the post was saved since. */
  baseVersion: string | null
  /** Whether a new post's slug was typed by hand (otherwise it follows the title). */
  slugTouched: boolean
  /** When it was last kept, in milliseconds since the epoch. */
  keptAt: number
}

const DB_NAME = 'watchio-admin'
const DB_VERSION = 1
const STORE = 'post-drafts'

/** One draft per admin and post; a new post's key has another shape, so no post id can collide with it. */
function keyOf(username: string, postId: string | null): IDBValidKey {
  return postId === null ? [username, 'new'] : [username, 'post', postId]
}

let opening: Promise<IDBDatabase> | undefined

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => {
      const db = request.result
      // A newer version of the site in another tab wants to upgrade: step aside, reopen on next use.
      db.onversionchange = () => {
        db.close()
        opening = undefined
      }
      resolve(db)
    }
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'))
  })
  // A failure (private mode, storage turned off) is tried again next time, not remembered.
  opening.catch(() => (opening = undefined))
  return opening
}

/** Runs one request in its own transaction; settles when the transaction has committed. */
async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database()
  return new Promise<T>((resolve, reject) => {
    // 'strict': a kept draft is on disk, so it survives a crash of the machine too (one small write a second).
    const transaction = db.transaction(STORE, mode, { durability: 'strict' })
    const request = work(transaction.objectStore(STORE))
    transaction.oncomplete = () => resolve(request.result)
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
  })
}

export async function readDraft(username: string, postId: string | null): Promise<PostDraft | undefined> {
  return (await run<PostDraft | undefined>('readonly', (store) => store.get(keyOf(username, postId)))) ?? undefined
}

export async function writeDraft(draft: PostDraft): Promise<void> {
  await run('readwrite', (store) => store.put(draft, keyOf(draft.username, draft.postId)))
}

export async function deleteDraft(username: string, postId: string | null): Promise<void> {
  await run('readwrite', (store) => store.delete(keyOf(username, postId)))
}

/**
 * The media library's rules on the MediaLibrary service itself, built by the composition root (server/compose/)
 * (admin-services.ts: a real repository, whose transactions AdminPosts takes too, the posts read
 * from it), without HTTP: the API tests keep the contract (multipart, statuses, sizes of the body).
 */
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_MEDIA_SIDE } from '../../core/media-urls.ts'
import { ConflictError, NotFoundError, TooLargeError, UnsupportedMediaTypeError } from '../../server/lib/errors.ts'
import { prepareImage } from '../../server/media/prepare-image.ts'
import { MediaLibrary, UPLOADS_AT_ONCE, UPLOADS_RETRY_SECONDS, UPLOADS_WAITING } from '../../server/services/media/media-library.ts'
import { type AdminServices, createAdminServices } from './admin-services.ts'
import { ADA } from './git-fixture.ts'

type World = AdminServices

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const setUp = () => createAdminServices(cleanups)

const png = (width: number, height: number, color = '#3a6') => sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer()
const commits = (w: World) => Number(w.repo.git('rev-list', '--count', 'HEAD').trim())

describe('MediaLibrary', () => {
  it('files an upload under its year and hash in one commit; the same bytes again are the same image, no commit', async () => {
    const w = await setUp()
    const bytes = await png(800, 600)
    const first = await w.media.upload({ bytes, filename: 'Holiday Photo.png', alt: 'A field', author: ADA })
    expect(first.created).toBe(true)
    expect(first.item).toMatchObject({ url: expect.stringMatching(/^\/media\/2026\/holiday-photo-[0-9a-f]{10}-800x600\.png$/), width: 800, height: 600, alt: 'A field' })
    expect(w.repo.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe(`content${first.item.url}`)
    const before = commits(w)
    const again = await w.media.upload({ bytes, filename: 'another name.png', alt: '', author: ADA })
    expect(again).toMatchObject({ created: false, item: { id: first.item.id, url: first.item.url } })
    expect(commits(w)).toBe(before)
    expect(w.mediaEvents.added).toEqual([first.item.id])
  })

  it('refuses what is not an image, and an image too large a side, before any commit', async () => {
    const w = await setUp()
    const before = commits(w)
    await expect(w.media.upload({ bytes: Buffer.from('<svg onload="alert(1)"/>'), filename: 'x.png', alt: '', author: ADA })).rejects.toBeInstanceOf(UnsupportedMediaTypeError)
    await expect(w.media.upload({ bytes: await png(MAX_MEDIA_SIDE + 1, 1), filename: 'wide.png', alt: '', author: ADA })).rejects.toBeInstanceOf(TooLargeError)
    expect(commits(w)).toBe(before)
  })

  it('refuses to remove an image a post uses (in its content, or a draft\'s featured image), naming the post; removes it in one commit once unused', async () => {
    const w = await setUp()
    const { item } = await w.media.upload({ bytes: await png(400, 300, '#c33'), filename: 'used.png', alt: '', author: ADA })
    const { post: user } = await w.posts.create({ title: 'Uses it', slug: 'uses-it', summary: 'S.', content: `<p><img src="${item.url}" alt="x"></p>` }, ADA)
    await expect(w.media.remove(item.id, ADA)).rejects.toThrow(ConflictError)
    await expect(w.media.remove(item.id, ADA)).rejects.toThrow(/"Uses it" \(uses-it\)/)
    // A draft's featured image is a use too.
    const { post: draft } = await w.posts.update(user.id, { ...user, content: '<p>No photo now</p>', featuredImageUrl: item.url, isPublished: false }, ADA)
    await expect(w.media.remove(item.id, ADA)).rejects.toThrow(/"Uses it" \(uses-it\)/)
    await w.posts.remove(user.id, `"${draft.version}"`, ADA)
    const before = commits(w)
    await w.media.remove(item.id, ADA)
    expect(commits(w)).toBe(before + 1)
    expect(w.repo.git('show', '--name-status', '--format=%s', 'HEAD').trim()).toBe(`media: remove ${item.url.slice('/media/'.length)}\n\nD\tcontent${item.url}`)
    expect(w.mediaEvents.removed).toEqual([item.id])
    await expect(w.media.remove(item.id, ADA)).rejects.toBeInstanceOf(NotFoundError)
    expect((await w.media.list()).items).toEqual([])
  })

  it('makes uploads fit two at a time: one that takes long never holds the others; too many waiting are refused at once', async () => {
    const w = await setUp()
    // Uploads whose first byte is 0 wait for the gate, as a slow image waits for its decoding.
    let open = () => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    const library = new MediaLibrary({
      mediaDir: `${w.repo.dir}/content/media`,
      repository: w.repository,
      index: w.content.index,
      limits: { maxPixels: 50_000_000 },
      tempDir: `${w.repo.dir}/.uploads`,
      logger: w.logger,
      prepare: async (bytes, limits) => {
        if (bytes[0] === 0) await gate
        return prepareImage(bytes.subarray(1), limits)
      },
    })
    const images = await Promise.all([...Array(2 + UPLOADS_AT_ONCE + UPLOADS_WAITING).keys()].map((i) => png(40, 30, `rgb(${i * 10}, 90, 120)`)))
    const upload = (slow: boolean, image: Buffer) => library.upload({ bytes: Buffer.concat([Buffer.from([slow ? 0 : 1]), image]), filename: 'image.png', alt: '', author: ADA })
    let slowDone = false
    const slow = upload(true, images.pop()!).then((result) => ((slowDone = true), result))
    const quick = await upload(false, images.pop()!)
    expect(quick.created).toBe(true)
    expect(slowDone).toBe(false)

    // Every slot taken and the waiting line full: the next upload is refused at once, not queued.
    const waiting = images.splice(1).map((image) => upload(true, image))
    expect(waiting).toHaveLength(UPLOADS_AT_ONCE - 1 + UPLOADS_WAITING)
    await expect(upload(false, images[0]!)).rejects.toMatchObject({ code: 'busy', retryAfterSeconds: UPLOADS_RETRY_SECONDS, message: 'Busy preparing other images, try again shortly.' })
    open()
    expect((await slow).created).toBe(true)
    expect((await Promise.all(waiting)).every((result) => result.created)).toBe(true)
  })
})

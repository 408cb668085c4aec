/**
 * A process that saves in a loop while the repository packs itself, for the packing crash test
 * (tests/integration/git-packing-crash.test.ts), which kills it with SIGKILL.
 *
 * WATCHIO_PACKING_CHILD: JSON `{ dir, stopAt }`. Prints `SAVED <message>` once each save is
 * answered (committed), and `STEP <step>` when packing reaches `stopAt`, where packing then waits
 * forever (saves go on) until the test kills the process.
 */
import path from 'node:path'
import { ContentRepository, type PackStep } from '../../server/git/content-repository.ts'
import { silentLogger } from '../../server/lib/logger.ts'

const { dir, stopAt } = JSON.parse(process.env.WATCHIO_PACKING_CHILD ?? '') as { dir: string; stopAt: PackStep | null }
const repository = await ContentRepository.open({
  dir: path.join(dir, 'content/blog'),
  logger: silentLogger,
  packing: {
    // A run every two or three saves.
    looseObjects: 10,
    onStep: async (step) => {
      if (step !== stopAt) return
      console.log(`STEP ${step}`)
      await new Promise(() => {})
    },
  },
})
console.log('READY')
for (let n = 0; ; n++) {
  const slug = `post-${n % 7}`
  const message = `save ${n}`
  await repository.commitFiles({
    changes: [{ path: path.join(dir, 'content/blog', `${slug}.html`), content: `---\nid: ${slug}-id\ntitle: ${slug}\nslug: ${slug}\n---\n<p>Save ${n}</p>\n` }],
    message,
    author: { name: 'Crash Test', email: 'crash@example.com' },
  })
  console.log(`SAVED ${message}`)
}

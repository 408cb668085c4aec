import { ApiClient } from '../support/admin-client.ts'
import { startBenchServer } from './measure-server.ts'
import { BENCH_ADMIN as ADMIN, timedSave as save } from './save-live.ts'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { parsePostFile } from '../../server/content/parse-post.ts'
const dir = process.argv[2]!
const kind = process.argv[3] as 'content' | 'title' | 'page1'
const count = Number(process.argv[4] ?? 20)
const names = (await readdir(path.join(dir, 'content/blog'))).filter((n) => n.endsWith('.html')).sort()
const posts = []
for (const name of names) posts.push(parsePostFile(await readFile(path.join(dir, 'content/blog', name), 'utf8'), name))
const published = posts.filter((p) => p.isPublished)
const newest = [...published].sort((a, b) => b.publishDate.localeCompare(a.publishDate) || a.slug.localeCompare(b.slug)).slice(0, 10)
const prof = process.argv[5]
const server = await startBenchServer(dir, { env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, nodeArgs: prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [] })
const api = new ApiClient(server.url)
await api.login(ADMIN.username, ADMIN.password)
const bySlug = new Map()
const base = Date.now()
const slugs = Array.from({ length: count }, (_, i) => (kind === 'page1' ? newest[i % 10]!.slug : published[(i * 7919 + base) % published.length]!.slug))
for (const slug of new Set(slugs)) bySlug.set(slug, await api.postBySlug(slug))
for (let i = 0; i < 5; i++) await save(api, bySlug, published[i]!.slug, 'content', base + i)
console.log('PID', server.pid)
await new Promise((r) => setTimeout(r, prof ? 0 : 3000))
const from = performance.now() - server.startedAt
const { cpuSeconds } = await import('./process-stats.ts')
const cpu0 = cpuSeconds(server.pid)!
const times = []
for (let i = 0; i < count; i++) times.push(await save(api, bySlug, slugs[i]!, kind === 'content' ? 'content' : 'title', base + 10 + i))
console.log('DONE', times.map((t) => t.toFixed(0)).join(' '))
console.log('CPU per save ms', ((cpuSeconds(server.pid)! - cpu0) * 1000 / count).toFixed(1), 'wall p50', [...times].sort((a, b) => a - b)[count >> 1]!.toFixed(1))
await new Promise((r) => setTimeout(r, 1500))
await server.stop()
if (prof) { const { readdir: rd, readFile: rf } = await import('node:fs/promises'); const { summariseProfile } = await import('./cpu-profile.ts'); const f = (await rd(prof)).find((n) => n.includes(`.${server.pid}.0.`))!; summariseProfile(JSON.parse(await rf(path.join(prof, f), 'utf8')), from * 1000) }

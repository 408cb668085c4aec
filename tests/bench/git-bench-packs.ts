/**
 * bench:git, packs: delta.ts, pack-index.ts and loose-objects.ts against the git CLI
 * (isomorphic-git has no such calls), and a packing run (packing/build-pack.ts, written by
 * pack-writer.ts) against isomorphic-git's `packObjects`, which writes no deltas.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import git from 'isomorphic-git'
import { encodeDelta } from '../../server/git/formats/delta.ts'
import { estimateLooseObjects, listLooseObjects } from '../../server/git/store/loose-objects.ts'
import { ObjectReader } from '../../server/git/store/object-reader.ts'
import { findInPackIndex, parsePackIndex, serializePackIndex } from '../../server/git/formats/pack-index.ts'
import { buildPack } from '../../server/git/packing/build-pack.ts'
import { PRUNE_GRACE_MS } from '../../server/git/packing/pack-policy.ts'
import { type BenchRepo, median, ms, report } from './git-bench-harness.ts'

export async function benchPackFormats(repo: BenchRepo): Promise<void> {
  const { dir, gitdir, scratch, folders, packs, runs } = repo
  // ---------------------------------------------------------------- delta
  console.log('\ndelta.ts (no library equivalent: isomorphic-git writes packs without deltas)')
  {
    const fresh = new ObjectReader(gitdir)
    const bytes = await Promise.all(folders.map(async (oid) => (await fresh.read(oid))!.content))
    await fresh.close()
    let size = 0
    const ours = await median(runs, () => {
      size = 0
      for (let i = 1; i < bytes.length; i++) size += encodeDelta(bytes[i - 1]!, bytes[i]!)!.length
    })
    // git's own delta search on the same trees: a pack of those objects alone, process start included.
    const input = `${folders.join('\n')}\n`
    const theirs = await median(runs, () => execFileSync('git', ['pack-objects', '--stdout', '-q', '--window=10'], { cwd: dir, input, maxBuffer: 1 << 30 }))
    report({ module: 'delta', task: `delta-compress ${bytes.length - 1} post-folder trees (${(size / (bytes.length - 1)).toFixed(0)} B a delta)`, ours, theirsName: 'git pack-objects (CLI)', theirs })
  }

  // ---------------------------------------------------------------- pack-index
  console.log('\npack-index.ts (no library call: isomorphic-git indexes a pack only by reading it all, as git index-pack)')
  {
    const idxFile = path.join(gitdir, 'objects/pack', packs[0]!)
    const idxBytes = await readFile(idxFile)
    const index = parsePackIndex(idxBytes)!
    const crcAt = 8 + 256 * 4 + index.count * 20
    const entries = Array.from({ length: index.count }, (_, i) => ({
      oid: Buffer.from(index.oids.subarray(i * 20, i * 20 + 20)),
      offset: index.offsets[i]!,
      crc32: idxBytes.readUInt32BE(crcAt + i * 4),
    }))
    const ours = await median(runs, () => {
      const written = serializePackIndex(entries, index.packChecksum)
      if (!written.equals(idxBytes)) throw new Error('pack index differs from git')
    })
    const packFile = idxFile.replace(/\.idx$/, '.pack')
    const out = path.join(dir, 'tmp', 'bench.idx')
    const theirs = await median(Math.min(runs, 2), () => execFileSync('git', ['index-pack', '-o', out, packFile], { cwd: dir }))
    report({ module: 'pack-index', task: `write the index of a pack of ${index.count} objects`, ours, theirsName: 'git index-pack (CLI, reads the pack)', theirs })
    const lookups = await median(runs, () => {
      const parsed = parsePackIndex(idxBytes)!
      for (const entry of entries) findInPackIndex(parsed, entry.oid)
    })
    report({ module: 'pack-index', task: `parse it and find each of its ${index.count} objects`, ours: lookups, theirsName: 'none', theirs: null })
  }

  // ---------------------------------------------------------------- loose-objects
  console.log('\nloose-objects.ts (no library call; the scratch repository holds the loose objects written above)')
  {
    const objectsDir = path.join(scratch, 'objects')
    let count = 0
    const ours = await median(runs, () => (count = listLooseObjects(objectsDir).length))
    const estimate = await median(runs, () => estimateLooseObjects(objectsDir))
    const theirs = await median(runs, () => execFileSync('git', ['count-objects', '-v'], { cwd: scratch }))
    report({ module: 'loose-objects', task: `list ${count} loose objects with their times (estimate: ${ms(estimate.cpu)} CPU)`, ours, theirsName: 'git count-objects (CLI)', theirs })
  }
}

/** A packing run over the loose objects (the saves' of git-bench-writes.ts, the side branch's), against `packObjects` of the same objects. */
export async function benchPackWriter(repo: BenchRepo): Promise<void> {
  const { gitdir, runs } = repo
  console.log('\npack-writer.ts, packing/build-pack.ts (isomorphic-git: packObjects, without deltas)')
  const request = { gitdir, tempDir: path.join(gitdir, 'watchio-tmp'), now: Date.now(), graceMs: PRUNE_GRACE_MS }
  let oids: string[] = []
  let bytes = 0
  const ours = await median(runs, async () => {
    const built = await buildPack(request)
    if (built.pack === null || built.replacedPacks.length > 0 || built.pack.count !== built.packedLoose.length) throw new Error('the bench pack should hold the loose objects only')
    oids = built.packedLoose
    bytes = built.pack.bytes
    await rm(built.pack.tempPack, { force: true })
    await rm(built.pack.tempIndex, { force: true })
  })
  let theirsBytes = 0
  const theirs = await median(runs, async () => {
    const { packfile } = await git.packObjects({ fs, gitdir, oids, cache: {} })
    theirsBytes = packfile!.length
  })
  const kib = (value: number) => `${(value / 1024).toFixed(0)} KiB`
  report({
    module: 'pack-writer',
    task: `pack the ${oids.length} loose objects of the saves and the side branch (ours: walk and index included; ${kib(bytes)}, library ${kib(theirsBytes)}, ${(theirsBytes / bytes).toFixed(1)}×)`,
    ours,
    theirsName: 'packObjects (no index)',
    theirs,
  })
}

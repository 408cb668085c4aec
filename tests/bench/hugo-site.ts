import { spawn } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Post } from '../../core/post.ts'
import { reapedChildrenCpuSeconds, sampleTreeMemory } from './process-stats.ts'
import { folderSize, SITE_URL } from './temp-project.ts'

/**
 * The bench's Hugo peer: the same generated posts as a Hugo site with a minimal theme that
 * renders the pages our build renders for the blog: list pages of 10 posts (/blog/,
 * /blog/page/N/) and one page per post, the post's HTML as it is (Hugo takes `.html` content
 * files as they are, as our build takes the stored HTML), drafts for unpublished posts (Hugo
 * leaves them out, as we do). Hugo's sitemap stays on (ours has one); RSS and taxonomies
 * are off (we have no taxonomies, and Hugo's default feed lists every post).
 */
export async function writeHugoSite(dir: string, posts: readonly Post[]): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  const file = async (relative: string, text: string) => {
    await mkdir(path.dirname(path.join(dir, relative)), { recursive: true })
    await writeFile(path.join(dir, relative), text)
  }
  await file(
    'hugo.toml',
    [
      `baseURL = "${SITE_URL}/"`,
      'title = "Watchio"',
      'languageCode = "en"',
      'paginate = 10',
      'disableKinds = ["taxonomy", "term", "RSS"]',
      '',
    ].join('\n'),
  )
  await file('layouts/_default/baseof.html', BASEOF)
  await file('layouts/_default/single.html', SINGLE)
  await file('layouts/_default/list.html', LIST)
  await file('layouts/index.html', HOME)
  await file('content/_index.html', '{ "title": "Watchio" }\n\n<p>The public website of Watchio.</p>\n')
  await file('content/blog/_index.html', '{ "title": "Blog" }\n')
  for (const post of posts) {
    // JSON front matter: any title quotes safely.
    const front = {
      title: post.title,
      date: post.publishDate,
      description: post.summary,
      draft: !post.isPublished,
      ...(post.featuredImageUrl ? { params: { image: post.featuredImageUrl } } : {}),
    }
    await file(`content/blog/${post.slug}.html`, `${JSON.stringify(front, null, 1)}\n\n${post.content}\n`)
  }
}

export interface HugoBuild {
  wallMs: number
  /** user + system of hugo (all its threads). */
  cpuSeconds: number
  peakMiB: number
  /** What it wrote: pages and bytes of public/. */
  output: { files: number; bytes: number }
}

/** `hugo --quiet` in `dir` from scratch (public/ removed first), timed, with its peak RSS. */
export async function buildHugo(hugo: string, dir: string): Promise<HugoBuild> {
  await rm(path.join(dir, 'public'), { recursive: true, force: true })
  const cpuBefore = reapedChildrenCpuSeconds()
  const started = performance.now()
  const child = spawn(hugo, ['--quiet'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  const sampler = sampleTreeMemory(child.pid!, 20)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  const wallMs = performance.now() - started
  const memory = sampler.stop()
  if (code !== 0) throw new Error(`hugo exited with ${code}:\n${output.slice(-4000)}`)
  return { wallMs, cpuSeconds: reapedChildrenCpuSeconds() - cpuBefore, peakMiB: memory.peakMiB, output: await folderSize(path.join(dir, 'public')) }
}

const BASEOF = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} | {{ .Site.Title }}</title>
<meta name="description" content="{{ with .Description }}{{ . }}{{ else }}{{ .Site.Title }}{{ end }}">
<link rel="canonical" href="{{ .Permalink }}">
<link rel="stylesheet" href="/style.css">
</head>
<body>
<header><a href="/">{{ .Site.Title }}</a> <nav><a href="/blog/">Blog</a></nav></header>
<main>{{ block "main" . }}{{ end }}</main>
<footer><p>© Watchio</p></footer>
</body>
</html>
`

const SINGLE = `{{ define "main" }}<article>
<h1>{{ .Title }}</h1>
<time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "January 2, 2006" }}</time>
{{ with .Params.image }}<img src="{{ . }}" alt="" width="1200" height="630">{{ end }}
<div class="content">{{ .Content }}</div>
<p><a href="/blog/">Back to the blog</a></p>
</article>{{ end }}
`

const LIST = `{{ define "main" }}<h1>{{ .Title }}</h1>
{{ $paginator := .Paginate .Pages.ByDate.Reverse }}
<ul class="cards">
{{ range $paginator.Pages }}<li><a href="{{ .RelPermalink }}">{{ with .Params.image }}<img src="{{ . }}" alt="" width="400" height="210">{{ end }}<h2>{{ .Title }}</h2></a>
<time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "January 2, 2006" }}</time>
<p>{{ .Description }}</p></li>
{{ end }}</ul>
<nav>{{ with $paginator.Prev }}<a href="{{ .URL }}">Previous</a>{{ end }} Page {{ $paginator.PageNumber }} of {{ $paginator.TotalPages }} {{ with $paginator.Next }}<a href="{{ .URL }}">Next</a>{{ end }}</nav>
{{ end }}
`

const HOME = `{{ define "main" }}<h1>{{ .Title }}</h1>
{{ .Content }}
{{ range first 3 (where .Site.RegularPages "Section" "blog").ByDate.Reverse }}<p><a href="{{ .RelPermalink }}">{{ .Title }}</a></p>{{ end }}
{{ end }}
`

import type { SeoFor } from '../../renderer/seo.ts'

export default (() => ({
  title: "Meet Watchio: What's New",
  description:
    'Watchio succeeds our original free app: a player that needs no MP4 conversion, subtitles, genre discovery, new categories, merged accounts and profiles. On Apple TV now; iPhone, iPad, Mac and Android on the way.',
})) satisfies SeoFor

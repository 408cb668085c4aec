// The islands of / (renderer/Island.tsx), each loaded when the reader is about to use it
// (renderer/islands-loader.ts). The FAQ needs none: it is the platform's own accordion
// (renderer/components/Faq.tsx).
import { armIslands } from '../../renderer/islands-loader.ts'

armIslands({ Testimonials: () => import('./Testimonials.tsx').then((module) => module.Testimonials) })

// The islands of / (renderer/Island.tsx): all the browser loads of the page, with React. The FAQ
// needs none: it is the platform's own accordion (renderer/components/Faq.tsx).
import { hydrateIslands } from '../../renderer/islands-client.tsx'
import { Testimonials } from './Testimonials.tsx'

hydrateIslands({ Testimonials })

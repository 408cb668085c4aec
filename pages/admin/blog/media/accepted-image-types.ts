import { type MediaKind, UPLOAD_AV_TYPES, UPLOAD_IMAGE_TYPES } from '../../../../core/contract/index.ts'

/** The file types an upload may be (the contract's); the server checks the bytes again. */
export const ACCEPTED_IMAGE_TYPES = UPLOAD_IMAGE_TYPES.join(',')

/** The file chooser's types for a kind of the library. */
export function acceptedTypesOf(kind: MediaKind): string {
  return kind === 'image' ? ACCEPTED_IMAGE_TYPES : UPLOAD_AV_TYPES[kind].join(',')
}

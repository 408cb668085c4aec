import { UPLOAD_IMAGE_TYPES } from '../../../../core/contract/index.ts'

/** The file types an upload may be (the contract's); the server checks the bytes again. */
export const ACCEPTED_IMAGE_TYPES = UPLOAD_IMAGE_TYPES.join(',')

/** The file types an upload may be (SPEC §5's image types); the server checks the bytes again. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/gif'

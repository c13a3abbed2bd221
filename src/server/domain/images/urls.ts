/** Public path of images stored in the images table (served by routes/media.ts). */
export const MEDIA_IMAGES_PREFIX = '/media/images/'

/** URL of a stored image file, or '' when there is none. */
export const imageUrl = (file: string | null) => (file ? `${MEDIA_IMAGES_PREFIX}${file}` : '')

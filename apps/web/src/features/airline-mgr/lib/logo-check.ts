/** The airline logo is a JPG or PNG of at most 100,000 bytes, exactly 350x185 pixels. */
export const LOGO_MAX_BYTES = 100_000;
export const LOGO_WIDTH = 350;
export const LOGO_HEIGHT = 185;

export type LogoProblem = 'format' | 'size' | 'dimensions';

/** What is wrong with a picked logo, or null when it fits (checked before upload; the server checks again). */
export const logoProblem = (file: { type: string; size: number }, dimensions: { width: number; height: number } | null): LogoProblem | null => {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return 'format';
  if (file.size > LOGO_MAX_BYTES) return 'size';
  if (dimensions === null || dimensions.width !== LOGO_WIDTH || dimensions.height !== LOGO_HEIGHT) return 'dimensions';
  return null;
};

/** The picture's size in pixels as the browser decodes it, or null when it does not decode. */
export const imageDimensions = async (file: Blob): Promise<{ width: number; height: number } | null> => {
  try {
    const bitmap = await createImageBitmap(file);
    const dimensions = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return dimensions;
  } catch {
    return null;
  }
};

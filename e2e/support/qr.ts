import jsQR from 'jsqr';
import sharp from 'sharp';

/** Decodes the QR code in an image (a data URL or PNG bytes) with jsQR, after sharp turns it into RGBA pixels. */
export async function decodeQr(image: string | Buffer): Promise<string | undefined> {
  const bytes = typeof image === 'string' ? Buffer.from(image.replace(/^data:image\/\w+;base64,/, ''), 'base64') : image;
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
}

import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { photoLimits, photoMessages } from '@hearth/contract/meals';
import { AppError, rateLimited } from '../../platform/errors.ts';

// libvips decodes and encodes on libuv's thread pool, off the event loop; one thread per image, so a large photo
// takes one core while requests go on on the other. Nothing is cached: each photo is read once.
sharp.concurrency(1);
sharp.cache(false);

/** A photo as the server keeps it: WebP at the page's size and the card's, and its version. */
export interface ResizedPhoto {
  full: Buffer;
  card: Buffer;
  width: number;
  height: number;
  version: string;
}

/** Photos resized at once by this process; others wait, up to `waitingMax`, then are turned away (429). */
const runningMax = 2;
const waitingMax = 8;
/** A decode that takes longer is a crafted file, not a photo. */
const timeoutSeconds = 30;

let running = 0;
const waiting: (() => void)[] = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= runningMax) {
    if (waiting.length >= waitingMax) throw rateLimited(photoMessages.busy);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** What a photo may be; sharp reads more (SVG, PDF, TIFF...), none of which a camera or recipe page sends. */
const photoFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

const notImage = () => new AppError('UNSUPPORTED_MEDIA_TYPE', photoMessages.notImage);

/**
 * Reads an uploaded or fetched image (its first frame), turns it the right way up from its EXIF orientation, and
 * writes it as WebP within `photoLimits.photoSide` and `cardSide`, without its metadata (a camera's location among
 * it). 415 for bytes that are not an image; past `inputPixelsMax` pixels, 413 before any is decoded.
 */
export function resizePhoto(input: Buffer): Promise<ResizedPhoto> {
  return turn(async () => {
    let info;
    try {
      // The header only: its size is checked here to answer its own message; decoding is bounded below all the same.
      info = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw notImage();
    }
    if (!photoFormats.has(info.format) || !info.width || !info.height) throw notImage();
    if (info.width * info.height > photoLimits.inputPixelsMax) throw new AppError('TOO_LARGE', photoMessages.tooManyPixels);
    const side = photoLimits.photoSide;
    let full;
    try {
      full = await sharp(input, { limitInputPixels: photoLimits.inputPixelsMax, failOn: 'error', pages: 1 }).rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 }).timeout({ seconds: timeoutSeconds }).toBuffer({ resolveWithObject: true });
    } catch {
      throw notImage();
    }
    const card = await sharp(full.data)
      .resize({ width: photoLimits.cardSide, height: photoLimits.cardSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 }).toBuffer();
    return {
      full: full.data, card, width: full.info.width, height: full.info.height,
      version: createHash('sha256').update(full.data).digest('hex').slice(0, 20),
    };
  });
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/meals';
import { fillPath } from '@hearth/contract/endpoint';
import { readOnlyMessage } from '../../platform/auth/family-access.ts';
import { mealPhotos } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { createMeal, pancakes, testPhoto } from './testing.ts';

let t: TestApp;
let admin: SignedInUser;
let stranger: SignedInUser;
/** A site serving a recipe page whose JSON-LD names a photo, and pages whose photo fails. */
let site: Server;
let base: string;
let sitePhoto: Buffer;
beforeAll(async () => {
  t = await createTestApp({ env: { IMPORT_ALLOW_PRIVATE_HOSTS: 'true' } });
  admin = await signUp(t, { name: 'Photo Admin' });
  stranger = await signUp(t, { name: 'Other Family' });
  sitePhoto = await testPhoto(1600, 900, 'jpeg');
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const recipe = (image: unknown) => res.writeHead(200, { 'content-type': 'text/html' }).end(
      `<html><script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org', '@type': 'Recipe', name: 'Shakshuka', recipeIngredient: ['4 eggs'], image,
      })}</script></html>`,
    );
    if (url.pathname === '/recipe') recipe([{ '@type': 'ImageObject', url: '/images/shakshuka.jpg' }]);
    else if (url.pathname === '/broken-image') recipe('/images/not-an-image.jpg');
    else if (url.pathname === '/missing-image') recipe('/images/gone.jpg');
    else if (url.pathname === '/slow-image') recipe('/images/slow.jpg');
    else if (url.pathname === '/images/shakshuka.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(sitePhoto);
    else if (url.pathname === '/images/not-an-image.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>');
    else if (url.pathname === '/images/slow.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).write('x');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site?.closeAllConnections();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  await t?.close();
});

const upload = (user: SignedInUser, mealId: string, bytes: Buffer | string, type = 'image/jpeg') =>
  user.call(api.setMealPhoto, { params: { id: mealId }, body: bytes as never, headers: { 'content-type': type } });

/** GET of the photo's address, as the web asks for it. */
const fetchPhoto = (user: SignedInUser, mealId: string, version: string, extra: { size?: string; etag?: string } = {}) =>
  t.app.inject({
    url: `${fillPath(api.getMealPhoto.path, { id: mealId, version })}${extra.size ? `?size=${extra.size}` : ''}`,
    headers: { authorization: `Bearer ${user.token}`, ...(extra.etag ? { 'if-none-match': extra.etag } : {}) },
  });

describe('uploading a photo', () => {
  it('keeps a large photo turned upright and resized within 1200 px, and a card within 480 px, as WebP without metadata', async () => {
    const meal = await createMeal(admin, pancakes());
    expect(meal.photo).toBeNull();
    // Stored 4000 × 3000 with EXIF orientation 6: a camera's portrait photo, 3000 × 4000 once turned.
    const camera = await sharp(await testPhoto(4000, 3000, 'jpeg')).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const res = await upload(admin, meal.id, camera);
    expect(res.status).toBe(200);
    expect(res.body.photo).toEqual({ version: expect.stringMatching(/^[0-9a-f]{20}$/), width: 900, height: 1200 });
    const full = await fetchPhoto(admin, meal.id, res.body.photo.version);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    const fullInfo = await sharp(full.rawPayload).metadata();
    expect([fullInfo.format, fullInfo.width, fullInfo.height, fullInfo.exif, fullInfo.orientation])
      .toEqual(['webp', 900, 1200, undefined, undefined]);
    const card = await sharp((await fetchPhoto(admin, meal.id, res.body.photo.version, { size: 'card' })).rawPayload).metadata();
    expect([card.format, card.width, card.height]).toEqual(['webp', 360, 480]);
    // The meal's reads carry the photo.
    const listed = (await admin.call(api.listMeals, { params: { familyId: admin.user.familyId! } })).body as api.Meal[];
    expect(listed.find((m) => m.id === meal.id)?.photo).toEqual(res.body.photo);
  });

  it('keeps a small photo at its own size (never enlarged), and PNG, WebP and GIF as well as JPEG', async () => {
    const meal = await createMeal(admin, pancakes());
    for (const format of ['png', 'webp', 'gif'] as const) {
      const res = await upload(admin, meal.id, await testPhoto(300, 200, format), `image/${format}`);
      expect([res.status, res.body.photo?.width, res.body.photo?.height]).toEqual([200, 300, 200]);
    }
  });

  it('answers a body past the size limit 413 TOO_LARGE with the limit in its message, before reading it', async () => {
    const meal = await createMeal(admin, pancakes());
    const res = await upload(admin, meal.id, Buffer.alloc(api.photoLimits.uploadMaxBytes + 1));
    expect([res.status, res.body]).toEqual([413, { code: 'TOO_LARGE', message: api.photoMessages.tooLarge }]);
    expect(api.photoMessages.tooLarge).toContain('15 MB');
  });

  it('answers the same 413 to a body past the limit sent in chunks, with no length announced', async () => {
    const meal = await createMeal(admin, pancakes());
    const bytes = Buffer.alloc(api.photoLimits.uploadMaxBytes + 1);
    const res = await t.app.inject({
      method: 'PUT', url: fillPath(api.setMealPhoto.path, { id: meal.id }),
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'image/jpeg' },
      payload: Readable.from([bytes.subarray(0, 1 << 20), bytes.subarray(1 << 20)]),
    });
    expect([res.statusCode, res.json()]).toEqual([413, { code: 'TOO_LARGE', message: api.photoMessages.tooLarge }]);
  });

  it('answers an image past the pixel limit 413 before decoding it', async () => {
    const meal = await createMeal(admin, pancakes());
    // 10000 × 6000 is 60 megapixels, in a PNG of a few hundred kilobytes.
    const giant = await sharp({ create: { width: 10_000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 }).toBuffer();
    const res = await upload(admin, meal.id, giant, 'image/png');
    expect([res.status, res.body]).toEqual([413, { code: 'TOO_LARGE', message: api.photoMessages.tooManyPixels }]);
  });

  it('answers a file that is not an image, or a type that is not image/*, 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const meal = await createMeal(admin, pancakes());
    const notImage = { code: 'UNSUPPORTED_MEDIA_TYPE', message: api.photoMessages.notImage };
    const text = await upload(admin, meal.id, 'just some text pretending', 'image/jpeg');
    expect([text.status, text.body]).toEqual([415, notImage]);
    const json = await upload(admin, meal.id, JSON.stringify({ a: 1 }), 'application/json');
    expect([json.status, json.body]).toEqual([415, notImage]);
    const pdf = await upload(admin, meal.id, Buffer.from('%PDF-1.4'), 'application/pdf');
    expect([pdf.status, pdf.body]).toEqual([415, notImage]);
    // An SVG is an image sharp could read, but no photo: it may name other files.
    const svg = await upload(admin, meal.id, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', 'image/svg+xml');
    expect([svg.status, svg.body]).toEqual([415, notImage]);
    expect((await admin.call(api.getMeal, { params: { id: meal.id } })).body.photo).toBeNull();
  });

  it('refuses READ_ONLY members (403) for upload and removal, and leaves the photo as it was', async () => {
    const meal = await createMeal(admin, pancakes());
    const first = (await upload(admin, meal.id, await testPhoto(200, 100, 'jpeg'))).body.photo;
    const reader = await joinAs(t, admin, 'READ_ONLY');
    const put = await upload(reader, meal.id, await testPhoto(100, 100, 'jpeg'));
    expect([put.status, put.body.message]).toEqual([403, readOnlyMessage]);
    const del = await reader.call(api.deleteMealPhoto, { params: { id: meal.id } });
    expect([del.status, del.body.message]).toEqual([403, readOnlyMessage]);
    expect((await admin.call(api.getMeal, { params: { id: meal.id } })).body.photo).toEqual(first);
    // A reader still sees it.
    expect((await fetchPhoto(reader, meal.id, first.version)).statusCode).toBe(200);
  });

  it('keeps photos within the family: another family can neither read, replace nor remove one by its ids (404)', async () => {
    const meal = await createMeal(admin, pancakes());
    const { version } = (await upload(admin, meal.id, await testPhoto(200, 100, 'jpeg'))).body.photo;
    const read = await fetchPhoto(stranger, meal.id, version);
    expect([read.statusCode, read.json()]).toEqual([404, { code: 'NOT_FOUND', message: api.photoMessages.notFound }]);
    expect((await fetchPhoto(stranger, meal.id, version, { size: 'card' })).statusCode).toBe(404);
    expect((await upload(stranger, meal.id, await testPhoto(100, 100, 'jpeg'))).status).toBe(404);
    expect((await stranger.call(api.deleteMealPhoto, { params: { id: meal.id } })).status).toBe(404);
    expect((await admin.call(api.getMeal, { params: { id: meal.id } })).body.photo.version).toBe(version);
    // And without a session, nothing.
    expect((await t.app.inject({ url: fillPath(api.getMealPhoto.path, { id: meal.id, version }) })).statusCode).toBe(401);
  });
});

describe('serving a photo', () => {
  it('is cached for good at its address, with an ETag a repeat request is answered 304 for', async () => {
    const meal = await createMeal(admin, pancakes());
    const { version } = (await upload(admin, meal.id, await testPhoto(200, 100, 'jpeg'))).body.photo;
    const first = await fetchPhoto(admin, meal.id, version);
    expect(first.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const etag = String(first.headers.etag);
    expect(etag).toBe(`"${version}-full"`);
    const again = await fetchPhoto(admin, meal.id, version, { etag });
    expect([again.statusCode, again.rawPayload.length, again.headers.etag]).toEqual([304, 0, etag]);
    // The card's tag is its own.
    const card = await fetchPhoto(admin, meal.id, version, { size: 'card', etag });
    expect([card.statusCode, card.headers.etag]).toEqual([200, `"${version}-card"`]);
  });

  it('gives a replaced photo a new address; the old one answers 404, and so does every address once it is removed', async () => {
    const meal = await createMeal(admin, pancakes());
    const old = (await upload(admin, meal.id, await testPhoto(200, 100, 'jpeg', '#c33'))).body.photo.version;
    const fresh = (await upload(admin, meal.id, await testPhoto(200, 100, 'jpeg', '#3c3'))).body.photo.version;
    expect(fresh).not.toBe(old);
    expect((await fetchPhoto(admin, meal.id, old)).statusCode).toBe(404);
    expect((await fetchPhoto(admin, meal.id, fresh)).statusCode).toBe(200);
    const removed = await admin.call(api.deleteMealPhoto, { params: { id: meal.id } });
    expect(removed.status).toBe(204);
    expect((await admin.call(api.getMeal, { params: { id: meal.id } })).body.photo).toBeNull();
    expect((await fetchPhoto(admin, meal.id, fresh)).statusCode).toBe(404);
    expect(await t.db.select().from(mealPhotos).where(eq(mealPhotos.mealId, meal.id))).toEqual([]);
  });

  it('keeps a meal\'s other fields and its photo apart: editing the meal keeps the photo; deleting the meal deletes it', async () => {
    const meal = await createMeal(admin, pancakes());
    const photo = (await upload(admin, meal.id, await testPhoto(200, 100, 'jpeg'))).body.photo;
    const edited = await admin.call(api.updateMeal, { params: { id: meal.id }, body: pancakes({ name: 'Crêpes' }) });
    expect([edited.body.name, edited.body.photo]).toEqual(['Crêpes', photo]);
    expect((await admin.call(api.deleteMeal, { params: { id: meal.id } })).status).toBe(204);
    expect(await t.db.select().from(mealPhotos).where(eq(mealPhotos.mealId, meal.id))).toEqual([]);
  });

  it('answers uploads to a missing meal 404 without reading the image', async () => {
    const res = await upload(admin, '00000000-0000-4000-8000-000000000000', 'not read');
    expect(res.status).toBe(404);
  });
});

describe('importing a recipe with its page\'s photo', () => {
  it('fetches the JSON-LD image (an ImageObject with a relative url), resizes it, and hands it to the form as a data: URL', async () => {
    const res = await admin.call(api.importMeal, { body: { url: `${base}/recipe` } });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Shakshuka');
    const photo = String(res.body.photo);
    expect(photo).toMatch(/^data:image\/webp;base64,/);
    const info = await sharp(Buffer.from(photo.split(',')[1]!, 'base64')).metadata();
    expect([info.format, info.width, info.height]).toEqual(['webp', 1200, 675]);
  });

  it('imports the recipe without a photo when its image is no image, missing, or too slow', async () => {
    for (const path of ['/broken-image', '/missing-image', '/slow-image']) {
      const res = await admin.call(api.importMeal, { body: { url: `${base}${path}` } });
      expect([path, res.status, res.body.name, res.body.photo]).toEqual([path, 200, 'Shakshuka', null]);
    }
  });
});

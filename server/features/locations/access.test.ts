import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import * as api from '@hearth/contract/locations';
import type { Endpoint } from '@hearth/contract/endpoint';
import { readOnlyMessage } from '../../platform/auth/family-access.ts';
import { locationNotes, locations, locationTags, tags } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type CallInput, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { newLocation, newTag } from './test-helpers.ts';

let t: TestApp;
let ada: SignedInUser;
let ro: SignedInUser;
let oz: SignedInUser;
let a: { locationId: string; tagId: string; noteId: string };
let b: { locationId: string; tagId: string };

/** Everything a family has in the locations area, to compare before and after a refused call. */
async function state(familyId: string) {
  const rows = await t.db.select().from(locations).where(eq(locations.familyId, familyId)).orderBy(asc(locations.id));
  const tagRows = await t.db.select().from(tags).where(eq(tags.familyId, familyId)).orderBy(asc(tags.id));
  const links = await t.db.select({ l: locationTags.locationId, t: locationTags.tagId }).from(locationTags)
    .innerJoin(tags, eq(tags.id, locationTags.tagId)).where(eq(tags.familyId, familyId))
    .orderBy(asc(locationTags.locationId), asc(locationTags.tagId));
  const notes = await t.db.select().from(locationNotes).where(eq(locationNotes.familyId, familyId)).orderBy(asc(locationNotes.id));
  return { rows, tagRows, links, notes };
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  ro = await joinAs(t, ada, 'READ_ONLY', 'Ro');
  oz = await signUp(t, { name: 'Oz' });
  const tagA = await newTag(ada, 'A tag');
  const placeA = await newLocation(ada, { name: 'A place', tags: [tagA.id] });
  const note = await ada.call(api.createLocationNote, { body: { locationId: placeA.id, note: 'A note', isPersonal: false } });
  a = { locationId: placeA.id, tagId: tagA.id, noteId: note.body.id };
  const tagB = await newTag(oz, 'B tag');
  b = { locationId: (await newLocation(oz, { name: 'B place' })).id, tagId: tagB.id };
});
afterAll(async () => { await t.close(); });

type Call = [name: string, endpoint: Endpoint, input: () => CallInput];

describe('another family\'s member', () => {
  const foreign: Call[] = [
    ['edit A\'s location', api.updateLocation, () => ({ params: { id: a.locationId }, body: { name: 'x' } })],
    ['delete A\'s location', api.deleteLocation, () => ({ params: { id: a.locationId } })],
    ['favourite A\'s location', api.setLocationFavorite, () => ({ params: { id: a.locationId }, query: { isFavorite: 'true' } })],
    ['save a location with A\'s tag', api.createLocation, () => ({ body: { name: 'x', tags: [a.tagId] } })],
    ['save a location with A\'s tag as an object', api.createLocation, () => ({ body: { name: 'x', tags: [{ id: b.tagId }, { id: a.tagId, name: 'A tag' }] } })],
    ['tag own location with A\'s tag', api.updateLocation, () => ({ params: { id: b.locationId }, body: { name: 'x', tags: [a.tagId] } })],
    ['rename A\'s tag', api.updateTag, () => ({ params: { id: a.tagId }, body: { name: 'x' } })],
    ['delete A\'s tag', api.deleteTag, () => ({ params: { id: a.tagId } })],
    ['read A\'s location notes', api.listLocationNotes, () => ({ params: { id: a.locationId } })],
    ['count A\'s location notes', api.countLocationNotes, () => ({ params: { id: a.locationId } })],
    ['note on A\'s location', api.createLocationNote, () => ({ body: { locationId: a.locationId, note: 'x', isPersonal: false } })],
    ['edit A\'s note', api.updateLocationNote, () => ({ params: { id: a.noteId }, body: { note: 'x' } })],
    ['delete A\'s note', api.deleteLocationNote, () => ({ params: { id: a.noteId } })],
  ];

  it.each(foreign)('gets 404 and changes nothing: %s', async (_, endpoint, input) => {
    const before = [await state(ada.user.familyId!), await state(oz.user.familyId!)];
    const res = await oz.call(endpoint, input());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect([await state(ada.user.familyId!), await state(oz.user.familyId!)]).toEqual(before);
  });

  it('sees nothing of A in lists, favourites, search, tags or its own notes', async () => {
    await ada.call(api.setLocationFavorite, { params: { id: a.locationId }, query: { isFavorite: 'true' } });
    const names = (res: { body: { name?: string; note?: string }[] }) => res.body.map((x) => x.name ?? x.note);
    expect(names(await oz.call(api.listLocations))).toEqual(['B place']);
    expect(names(await oz.call(api.listFavoriteLocations))).toEqual([]);
    expect(names(await oz.call(api.searchLocations, { query: { query: 'A' } }))).toEqual(['B place']);
    expect(names(await oz.call(api.listTags))).toEqual(['B tag']);
    expect(names(await oz.call(api.myLocationNotes))).toEqual([]);
  });
});

describe('permission levels', () => {
  const writes: Call[] = [
    ['save a location', api.createLocation, () => ({ body: { name: 'x' } })],
    ['edit a location', api.updateLocation, () => ({ params: { id: a.locationId }, body: { name: 'x' } })],
    ['delete a location', api.deleteLocation, () => ({ params: { id: a.locationId } })],
    ['favourite a location', api.setLocationFavorite, () => ({ params: { id: a.locationId }, query: { isFavorite: 'false' } })],
    ['add a tag', api.createTag, () => ({ body: { name: 'x' } })],
    ['rename a tag', api.updateTag, () => ({ params: { id: a.tagId }, body: { name: 'x' } })],
    ['delete a tag', api.deleteTag, () => ({ params: { id: a.tagId } })],
    ['add a note', api.createLocationNote, () => ({ body: { locationId: a.locationId, note: 'x', isPersonal: true } })],
    ['edit a note', api.updateLocationNote, () => ({ params: { id: a.noteId }, body: { note: 'x' } })],
    ['delete a note', api.deleteLocationNote, () => ({ params: { id: a.noteId } })],
  ];

  it.each(writes)('READ_ONLY gets 403 with a message and changes nothing: %s', async (_, endpoint, input) => {
    const before = await state(ada.user.familyId!);
    const res = await ro.call(endpoint, input());
    expect([res.status, res.body.message]).toEqual([403, readOnlyMessage]);
    expect(await state(ada.user.familyId!)).toEqual(before);
  });

  it('READ_ONLY reads locations, favourites, search, tags and notes', async () => {
    for (const [endpoint, input] of [
      [api.listLocations, {}], [api.listFavoriteLocations, {}], [api.searchLocations, { query: { query: 'place' } }],
      [api.listTags, {}], [api.listLocationNotes, { params: { id: a.locationId } }],
      [api.countLocationNotes, { params: { id: a.locationId } }], [api.myLocationNotes, {}],
    ] as [Endpoint, CallInput][]) {
      expect((await ro.call(endpoint, input)).status, endpoint.path).toBe(200);
    }
  });
});

describe('address suggestions', () => {
  let photon: Server;
  let seen: string[];
  let photonUrl: string;

  beforeAll(async () => {
    seen = [];
    // A Photon-compatible geocoder on loopback: for every query one US and one Canadian result, restaurants when
    // asked for food and drink amenities, else a street address.
    photon = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const tags = url.searchParams.getAll('osm_tag');
      seen.push(`${url.pathname}?q=${url.searchParams.get('q')}${tags.length > 0 ? `&osm_tag=${tags.join(',')}` : ''}`);
      res.setHeader('content-type', 'application/json');
      const place = tags.length > 0 ? { name: 'Joe\'s Pizza', housenumber: '7', street: 'Carmine Street' }
        : { housenumber: '7', street: 'Carmine Street' };
      res.end(JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { geometry: { type: 'Point', coordinates: [-74.0037, 40.7306] }, properties: {
            ...place, city: 'New York', state: 'New York', postcode: '10014', countrycode: 'US' } },
          { geometry: { type: 'Point', coordinates: [-79.38, 43.65] }, properties: {
            name: 'Joe\'s Pizza', city: 'Toronto', state: 'Ontario', countrycode: 'CA' } },
        ],
      }));
    });
    await new Promise<void>((resolve) => photon.listen(0, '127.0.0.1', resolve));
    photonUrl = `http://127.0.0.1:${(photon.address() as AddressInfo).port}`;
  });
  afterAll(async () => { await new Promise((resolve) => photon.close(resolve)); });

  it('answers US results of the configured Photon geocoder, and asks it once for a repeated query', async () => {
    const geo = await createTestApp({ env: { GEOCODER_URL: photonUrl } });
    try {
      const user = await signUp(geo, { name: 'Geo' });
      const res = await user.call(api.addressSuggestions, { query: { query: '7 carmine' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([{
        label: '7 Carmine Street, New York, New York 10014', name: null,
        address: '7 Carmine Street, New York, New York 10014', latitude: 40.7306, longitude: -74.0037,
      }]);
      await user.call(api.addressSuggestions, { query: { query: '7 Carmine', kind: 'address' } });
      expect(seen).toEqual(['/api?q=7 carmine']);
      expect((await user.call(api.addressSuggestions, { query: { query: 'jo' } })).body).toEqual([]);
    } finally {
      await geo.close();
    }
  });

  it('answers establishments, named, when asked for restaurants: Photon asked for food and drink amenities', async () => {
    seen.length = 0;
    const geo = await createTestApp({ env: { GEOCODER_URL: photonUrl } });
    try {
      const user = await signUp(geo, { name: 'Geo' });
      const res = await user.call(api.addressSuggestions, { query: { query: 'joes pizza', kind: 'establishment' } });
      expect(res.body).toEqual([{
        label: 'Joe\'s Pizza, 7 Carmine Street, New York, New York 10014', name: 'Joe\'s Pizza',
        address: '7 Carmine Street, New York, New York 10014', latitude: 40.7306, longitude: -74.0037,
      }]);
      // The same words asked as an address are another question, kept apart in the cache.
      await user.call(api.addressSuggestions, { query: { query: 'joes pizza' } });
      await user.call(api.addressSuggestions, { query: { query: 'Joes Pizza', kind: 'establishment' } });
      expect(seen).toEqual([
        '/api?q=joes pizza&osm_tag=amenity:restaurant,amenity:fast_food,amenity:cafe,amenity:pub,amenity:bar,amenity:food_court,amenity:ice_cream,amenity:biergarten',
        '/api?q=joes pizza',
      ]);
      expect((await user.call(api.addressSuggestions, { query: { query: 'joes', kind: 'shop' as 'address' } })).status).toBe(400);
    } finally {
      await geo.close();
    }
  });

  it('answers an empty list without a geocoder, and when the geocoder is down', async () => {
    expect((await ada.call(api.addressSuggestions, { query: { query: 'joes pizza' } })).body).toEqual([]);
    const down = await createTestApp({ env: { GEOCODER_URL: 'http://127.0.0.1:9' } });
    try {
      const user = await signUp(down, { name: 'Down' });
      const res = await user.call(api.addressSuggestions, { query: { query: 'anything at all' } });
      expect([res.status, res.body]).toEqual([200, []]);
    } finally {
      await down.close();
    }
  });
});

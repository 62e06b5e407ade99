import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as api from '@hearth/contract/locations';
import { familyEvents, locations } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { newLocation, newTag } from './test-helpers.ts';

let t: TestApp;
let ada: SignedInUser;
let ed: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  ed = await joinAs(t, ada, 'EDIT', 'Ed');
});
afterAll(async () => { await t.close(); });

describe('saving a location', () => {
  it('takes the quick form (name, address, favorite) and answers favorite and isFavorite alike', async () => {
    const res = await ada.call(api.createLocation, { body: { name: '  Joe\'s Pizza ', address: '7 Carmine St', favorite: true } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String), name: 'Joe\'s Pizza', address: '7 Carmine St', favorite: true, isFavorite: true,
      rating: null, tags: [], notes: null, latitude: null, longitude: null, googlePlaceId: null,
    });
  });

  it('takes the full form, with tags as {id, name} objects or as ids, and records location_created', async () => {
    const pizza = await newTag(ada, 'Pizza');
    const kids = await newTag(ada, 'Kids');
    const res = await ada.call(api.createLocation, {
      body: {
        name: 'Lucali', address: '575 Henry St, Brooklyn', latitude: 40.68, longitude: -74.0, googlePlaceId: 'abc',
        notes: 'Cash only', isFavorite: false, rating: 5, tags: [{ id: pizza.id, name: 'Pizza' }, kids.id],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rating: 5, notes: 'Cash only', latitude: 40.68, longitude: -74, googlePlaceId: 'abc' });
    expect(res.body.tags).toEqual([{ id: kids.id, name: 'Kids' }, { id: pizza.id, name: 'Pizza' }]);
    const events = await t.db.select().from(familyEvents)
      .where(and(eq(familyEvents.type, 'location_created'), eq(familyEvents.subjectId, res.body.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ familyId: ada.user.familyId, actorId: ada.user.id });
  });

  it('refuses a missing or long name, a long address or notes, and a rating outside 1 to 5, with the spec\'s messages', async () => {
    const refuse = async (body: Record<string, unknown>, message: string) => {
      const res = await ada.call(api.createLocation, { body: { name: 'x', ...body } });
      expect([res.status, res.body.message]).toEqual([400, message]);
    };
    await refuse({ name: '   ' }, api.locationMessages.nameRequired);
    await refuse({ name: undefined }, api.locationMessages.nameRequired);
    await refuse({ name: 'n'.repeat(api.locationLimits.nameMax + 1) }, api.locationMessages.nameTooLong);
    await refuse({ address: 'a'.repeat(api.locationLimits.addressMax + 1) }, api.locationMessages.addressTooLong);
    await refuse({ notes: 'n'.repeat(api.locationLimits.notesMax + 1) }, api.locationMessages.notesTooLong);
    for (const rating of [0, 6, 2.5]) await refuse({ rating }, api.locationMessages.ratingInvalid);
    await refuse({ latitude: 91 }, api.locationMessages.coordinatesInvalid);
    const atLimits = await ada.call(api.createLocation, {
      body: { name: 'n'.repeat(255), address: 'a'.repeat(500), notes: 'n'.repeat(1000), rating: 1 },
    });
    expect(atLimits.status).toBe(201);
  });

  it('edits every field, keeps favourite and tags when left out, and clears tags when sent empty', async () => {
    const tag = await newTag(ada, 'Brunch');
    const place = await newLocation(ada, { name: 'Cafe', isFavorite: true, tags: [tag.id] });
    const edited = await ada.call(api.updateLocation, {
      params: { id: place.id }, body: { name: 'Cafe Luna', address: '1 Main St', rating: 4 },
    });
    expect(edited.body).toMatchObject({ name: 'Cafe Luna', address: '1 Main St', rating: 4, favorite: true });
    expect(edited.body.tags).toEqual([{ id: tag.id, name: 'Brunch' }]);
    const cleared = await ada.call(api.updateLocation, { params: { id: place.id }, body: { name: 'Cafe Luna', tags: [] } });
    expect(cleared.body).toMatchObject({ tags: [], address: null, rating: null });
  });

  it('marks and unmarks favourites, and lists only favourites under /favorites', async () => {
    const place = await newLocation(ada, { name: 'Zoo' });
    const on = await ada.call(api.setLocationFavorite, { params: { id: place.id }, query: { isFavorite: 'true' } });
    expect(on.body).toMatchObject({ favorite: true, isFavorite: true });
    expect((await ada.call(api.listFavoriteLocations)).body.map((l: api.Location) => l.id)).toContain(place.id);
    await ada.call(api.setLocationFavorite, { params: { id: place.id }, query: { isFavorite: 'false' } });
    const favorites = (await ada.call(api.listFavoriteLocations)).body as api.Location[];
    expect(favorites.map((l) => l.id)).not.toContain(place.id);
    expect(favorites.every((l) => l.favorite)).toBe(true);
  });

  it('lists the family\'s locations by name, shared by every member', async () => {
    await newLocation(ed, { name: 'aquarium' });
    const names = ((await ada.call(api.listLocations)).body as api.Location[]).map((l) => l.name);
    expect(names).toContain('aquarium');
    expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
  });

  it('deletes a location with its notes and answers 404 for it afterwards', async () => {
    const place = await newLocation(ada, { name: 'Gone' });
    await ada.call(api.createLocationNote, { body: { locationId: place.id, note: 'bye', isPersonal: false } });
    expect((await ada.call(api.deleteLocation, { params: { id: place.id } })).status).toBe(204);
    expect((await ada.call(api.deleteLocation, { params: { id: place.id } })).status).toBe(404);
    expect((await ada.call(api.listLocationNotes, { params: { id: place.id } })).status).toBe(404);
  });

  it('keeps a family within its bound of locations, also under a parallel burst', async () => {
    const family = await signUp(t, { name: 'Busy' });
    const bound = api.locationLimits.locationsPerFamily;
    await t.db.insert(locations).values(Array.from({ length: bound - 3 }, (_, i) => ({
      familyId: family.user.familyId!, name: `Place ${i}`,
    })));
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      family.call(api.createLocation, { body: { name: `Burst ${i}` } })));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(3);
    expect(burst.filter((r) => r.status === 409).map((r) => r.body.message))
      .toEqual(Array(17).fill(api.locationMessages.tooManyLocations));
    expect((await family.call(api.listLocations)).body).toHaveLength(bound);
  });
});

describe('search', () => {
  let owner: SignedInUser;
  let partner: SignedInUser;
  beforeAll(async () => {
    owner = await signUp(t, { name: 'Searcher' });
    partner = await joinAs(t, owner, 'EDIT', 'Partner');
    const tacos = await newTag(owner, 'Tacos');
    await newLocation(owner, { name: 'Taqueria Diana', address: '2 Elm St' });
    await newLocation(owner, { name: 'Corner Deli', address: '5 Diana Ave' });
    await newLocation(owner, { name: 'Blue Door', notes: 'Ask Diana for the specials' });
    const farolito = await newLocation(owner, { name: 'El Farolito', tags: [tacos.id] });
    await newLocation(owner, { name: '100% Juice', address: '9 Pine St' });
    await newLocation(owner, { name: 'Main Diner 100' });
    await newLocation(owner, { name: 'Torchy\'s Tacos', address: '1311 S 1st St, Austin' });
    await newLocation(owner, { name: 'Café Crème', address: 'Rue Saint-Honoré' });
    await newLocation(owner, { name: 'Cafe Central' });
    const note = (by: SignedInUser, text: string, isPersonal: boolean) =>
      by.call(api.createLocationNote, { body: { locationId: farolito.id, note: text, isPersonal } });
    expect((await note(partner, 'Great churros on Sundays', false)).status).toBe(201);
    expect((await note(owner, 'Ask for the secret gringa', true)).status).toBe(201);
    expect((await note(partner, 'Hidden gem, don\'t tell', true)).status).toBe(201);
  });
  const searchAs = async (user: SignedInUser, query: string) =>
    ((await user.call(api.searchLocations, { query: { query } })).body as api.Location[]).map((l) => l.name);
  const search = (query: string) => searchAs(owner, query);

  it('matches name, address, notes and tag names in any case, name matches first', async () => {
    expect(await search('DIANA')).toEqual(['Taqueria Diana', 'Blue Door', 'Corner Deli']);
    expect(await search('tacos')).toEqual(['Torchy\'s Tacos', 'El Farolito']);
  });

  it('ignores punctuation on both sides: "torchys" finds Torchy\'s, and % or _ are no wildcards', async () => {
    for (const query of ['torchys', 'TORCHY\'S', 'Torchy’s', 'torchy-s']) expect(await search(query)).toEqual(['Torchy\'s Tacos']);
    expect(await search('100%')).toEqual(['100% Juice', 'Main Diner 100']);
    expect(await search('1311 S. 1st')).toEqual(['Torchy\'s Tacos']);
    expect(await search('saint honore')).toEqual(['Café Crème']);
  });

  it('ignores accents on both sides: "cafe" finds Café, and "café" finds Cafe', async () => {
    expect(await search('cafe')).toEqual(['Cafe Central', 'Café Crème']);
    expect(await search('CAFÉ')).toEqual(['Cafe Central', 'Café Crème']);
    expect(await search('creme cafe')).toEqual(['Café Crème']);
    expect(await search('cafés')).toEqual([]);
  });

  it('matches every word, anywhere in the place: "tacos torchys" as well as "diana specials"', async () => {
    expect(await search('tacos torchys')).toEqual(['Torchy\'s Tacos']);
    expect(await search('diana specials')).toEqual(['Blue Door']);
    expect(await search('diana tacos')).toEqual([]);
  });

  it('searches shared notes and the member\'s own personal notes, never another member\'s personal ones', async () => {
    expect(await search('churros')).toEqual(['El Farolito']);
    expect(await search('gringa')).toEqual(['El Farolito']);
    expect(await search('hidden gem')).toEqual([]);
    expect(await searchAs(partner, 'hidden gem')).toEqual(['El Farolito']);
    expect(await searchAs(partner, 'gringa')).toEqual([]);
  });

  it(`counts the first ${api.locationLimits.searchWords} words: later ones cannot make a search cost more`, async () => {
    const filler = Array.from({ length: api.locationLimits.searchWords - 1 }, () => 'tacos');
    const distinct = ['torchys', 'tacos', 'austin', '1311', 's', '1st', 'st', 'torchy'];
    expect(distinct).toHaveLength(api.locationLimits.searchWords);
    expect(await search([...distinct, 'nowhere'].join(' '))).toEqual(['Torchy\'s Tacos']);
    // Repeated words count once.
    expect(await search([...filler, 'torchys'].join(' '))).toEqual(['Torchy\'s Tacos']);
  });

  it('answers every location for an empty query or one without a letter or digit', async () => {
    expect(await search('')).toHaveLength(9);
    expect(await search('% _ -')).toHaveLength(9);
  });

  it('finds nothing of another family: its places, tags and notes', async () => {
    expect(await searchAs(ada, 'Diana')).toEqual([]);
    expect(await searchAs(ada, 'churros')).toEqual([]);
    expect(await searchAs(ada, 'tacos')).toEqual([]);
    const other = await newLocation(ada, { name: 'Ada\'s Churros' });
    expect(await search('churros')).toEqual(['El Farolito']);
    expect(await searchAs(ada, 'churros')).toEqual([other.name]);
  });
});

describe('tags', () => {
  it('adds, lists, renames and deletes tags; a deleted tag leaves its locations', async () => {
    const family = await signUp(t, { name: 'Tagger' });
    const tag = await newTag(family, '  Date night ');
    expect(tag.name).toBe('Date night');
    const place = await newLocation(family, { name: 'Bistro', tags: [tag.id] });
    const renamed = await family.call(api.updateTag, { params: { id: tag.id }, body: { name: 'Romantic' } });
    expect(renamed.body).toEqual({ id: tag.id, name: 'Romantic' });
    expect((await family.call(api.listLocations)).body[0].tags).toEqual([{ id: tag.id, name: 'Romantic' }]);
    expect((await family.call(api.deleteTag, { params: { id: tag.id } })).status).toBe(204);
    expect((await family.call(api.listTags)).body).toEqual([]);
    const after = (await family.call(api.listLocations)).body as api.Location[];
    expect(after.map((l) => [l.id, l.tags])).toEqual([[place.id, []]]);
  });

  it('refuses an empty or long name, and a name the family has in any case', async () => {
    const refuse = async (name: unknown, status: number, message: string) => {
      const res = await ada.call(api.createTag, { body: { name } });
      expect([res.status, res.body.message]).toEqual([status, message]);
    };
    await refuse('  ', 400, api.locationMessages.tagNameRequired);
    await refuse('t'.repeat(api.locationLimits.tagNameMax + 1), 400, api.locationMessages.tagNameTooLong);
    await newTag(ada, 'Pho');
    await refuse('PHO', 409, api.locationMessages.tagExists);
    const other = await newTag(ada, 'Ramen');
    const rename = await ada.call(api.updateTag, { params: { id: other.id }, body: { name: 'pho' } });
    expect([rename.status, rename.body.message]).toEqual([409, api.locationMessages.tagExists]);
  });

  it('makes one tag of parallel adds of the same name', async () => {
    const family = await signUp(t, { name: 'Racer' });
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      family.call(api.createTag, { body: { name: i % 2 ? 'Sushi' : 'SUSHI' } })));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 409)).toHaveLength(11);
    expect((await family.call(api.listTags)).body).toHaveLength(1);
  });

  it('lets the same name live in two families', async () => {
    const other = await signUp(t, { name: 'Twin' });
    await newTag(other, 'Pho');
    expect((await other.call(api.listTags)).body.map((x: api.Tag) => x.name)).toEqual(['Pho']);
  });
});

describe('notes', () => {
  let place: api.Location;
  let ro: SignedInUser;
  beforeAll(async () => {
    place = await newLocation(ada, { name: 'Noted' });
    ro = await joinAs(t, ada, 'READ_ONLY', 'Ro');
  });
  const notesAs = async (user: SignedInUser) =>
    ((await user.call(api.listLocationNotes, { params: { id: place.id } })).body as api.LocationNote[]).map((n) => n.note);

  it('shows a shared note to the family with its author, and a personal note to its author only', async () => {
    const shared = await ada.call(api.createLocationNote, { body: { locationId: place.id, note: ' Great patio ', isPersonal: false } });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({ note: 'Great patio', isPersonal: false, createdByMemberName: 'Ada', locationId: place.id, mine: true });
    t.clock.advance(1000);
    const personal = await ada.call(api.createLocationNote, { body: { locationId: place.id, note: 'Ask for Sam', isPersonal: true } });
    expect(await notesAs(ada)).toEqual(['Ask for Sam', 'Great patio']);
    expect(await notesAs(ed)).toEqual(['Great patio']);
    expect((await ed.call(api.countLocationNotes, { params: { id: place.id } })).body).toEqual({ count: 1 });
    expect((await ada.call(api.countLocationNotes, { params: { id: place.id } })).body).toEqual({ count: 2 });
    // Another member meets a personal note exactly as a missing one.
    for (const call of [
      ed.call(api.updateLocationNote, { params: { id: personal.body.id }, body: { note: 'x' } }),
      ed.call(api.deleteLocationNote, { params: { id: personal.body.id } }),
      ed.call(api.updateLocationNote, { params: { id: crypto.randomUUID() }, body: { note: 'x' } }),
    ]) expect(await call.then((r) => [r.status, r.body.message])).toEqual([404, api.locationMessages.noteNotFound]);
    const mine = (await ada.call(api.myLocationNotes)).body as api.LocationNote[];
    expect(mine.map((n) => n.note)).toEqual(expect.arrayContaining(['Ask for Sam', 'Great patio']));
    expect(((await ed.call(api.myLocationNotes)).body as api.LocationNote[]).map((n) => n.note)).not.toContain('Ask for Sam');
  });

  it('lets only the author edit, and the author or an admin delete a shared note', async () => {
    const edNote = (await ed.call(api.createLocationNote, { body: { locationId: place.id, note: 'Ed was here', isPersonal: false } })).body;
    const byAda = await ada.call(api.updateLocationNote, { params: { id: edNote.id }, body: { note: 'changed' } });
    expect([byAda.status, byAda.body.message]).toEqual([403, api.locationMessages.onlyAuthorEdits]);
    const byEd = await ed.call(api.updateLocationNote, { params: { id: edNote.id }, body: { note: 'Ed was here twice' } });
    expect(byEd.body).toMatchObject({ note: 'Ed was here twice', createdByMemberName: 'Ed' });
    const adaNote = (await ada.call(api.createLocationNote, { body: { locationId: place.id, note: 'Admin note', isPersonal: false } })).body;
    const edDeletes = await ed.call(api.deleteLocationNote, { params: { id: adaNote.id } });
    expect([edDeletes.status, edDeletes.body.message]).toEqual([403, api.locationMessages.onlyAuthorOrAdminDeletes]);
    expect((await ada.call(api.deleteLocationNote, { params: { id: edNote.id } })).status).toBe(204);
    expect(await notesAs(ed)).not.toContain('Ed was here twice');
  });

  it('refuses an empty or long note with the spec\'s limit, and a location of no one\'s', async () => {
    const refuse = async (body: Record<string, unknown>, status: number, message: string) => {
      const res = await ada.call(api.createLocationNote, { body: { locationId: place.id, isPersonal: false, ...body } });
      expect([res.status, res.body.message]).toEqual([status, message]);
    };
    await refuse({ note: '   ' }, 400, api.locationMessages.noteRequired);
    await refuse({ note: 'n'.repeat(api.locationLimits.noteMax + 1) }, 400, api.locationMessages.noteTooLong);
    await refuse({ note: 'x', locationId: crypto.randomUUID() }, 404, api.locationMessages.locationNotFound);
    const atLimit = await ada.call(api.createLocationNote, { body: { locationId: place.id, note: 'n'.repeat(500), isPersonal: true } });
    expect(atLimit.status).toBe(201);
  });

  it('lets a READ_ONLY member read shared notes but not write any', async () => {
    expect(await notesAs(ro)).toContain('Great patio');
    const res = await ro.call(api.createLocationNote, { body: { locationId: place.id, note: 'mine', isPersonal: true } });
    expect(res.status).toBe(403);
  });
});

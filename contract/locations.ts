import { z } from 'zod';
import { endpoint, Id, IdParams, IsoDateTime } from './endpoint.ts';

/** Field limits (spec part 2 §5, §9) and per-family bounds no real family meets (the spec names none). */
export const locationLimits = {
  nameMax: 255,
  addressMax: 500,
  notesMax: 1000,
  googlePlaceIdMax: 255,
  tagNameMax: 50,
  noteMax: 500,
  searchMax: 200,
  /** Words of a search that count; later ones are left out (each word is one more pass over the family's places). */
  searchWords: 8,
  tagsPerLocation: 50,
  locationsPerFamily: 2000,
  tagsPerFamily: 200,
  notesPerFamily: 5000,
} as const;

/** The spec's exact texts for locations (part 2 §2, §5, §8), and the server's messages. */
export const locationMessages = {
  title: 'Locations',
  nameRequired: 'Location name is required',
  nameTooLong: `Location name must be at most ${locationLimits.nameMax} characters`,
  addressTooLong: `Address must be at most ${locationLimits.addressMax} characters`,
  notesTooLong: `Notes must be at most ${locationLimits.notesMax} characters`,
  googlePlaceIdTooLong: `Place id must be at most ${locationLimits.googlePlaceIdMax} characters`,
  ratingInvalid: 'Rating must be a whole number from 1 to 5',
  coordinatesInvalid: 'Latitude must be between -90 and 90 and longitude between -180 and 180',
  tooManyTagsOnLocation: `A location can have at most ${locationLimits.tagsPerLocation} tags`,
  tagNameRequired: 'Tag name is required',
  tagNameTooLong: `Tag name must be at most ${locationLimits.tagNameMax} characters`,
  tagExists: 'A tag with this name already exists',
  noteRequired: 'Note cannot be empty',
  noteTooLong: `Note must be at most ${locationLimits.noteMax} characters`,
  searchTooLong: `Search must be at most ${locationLimits.searchMax} characters`,
  locationNotFound: 'Location not found',
  tagNotFound: 'Tag not found',
  noteNotFound: 'Note not found',
  onlyAuthorEdits: 'Only the author can edit this note.',
  onlyAuthorOrAdminDeletes: 'Only the author or a family admin can delete this note.',
  tooManyLocations: `A family can save at most ${locationLimits.locationsPerFamily} locations.`,
  tooManyTags: `A family can have at most ${locationLimits.tagsPerFamily} tags.`,
  tooManyNotes: `A family can have at most ${locationLimits.notesPerFamily} location notes.`,
} as const;

export const Tag = z.object({ id: z.uuid(), name: z.string() });
export type Tag = z.infer<typeof Tag>;

export const Location = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  googlePlaceId: z.string().nullable(),
  notes: z.string().nullable(),
  /** The list and favourite calls' name for isFavorite (spec part 2 §3); both are sent. */
  favorite: z.boolean(),
  isFavorite: z.boolean(),
  rating: z.number().int().nullable(),
  tags: z.array(Tag),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Location = z.infer<typeof Location>;

const optionalText = (max: number, tooLong: string) =>
  z.string({ error: tooLong }).trim().max(max, tooLong).nullish().transform((v) => v || null);

const TagName = z.string({ error: locationMessages.tagNameRequired }).trim()
  .min(1, locationMessages.tagNameRequired).max(locationLimits.tagNameMax, locationMessages.tagNameTooLong);

/**
 * The quick form sends name, address and favorite; the full form name, address, latitude, longitude,
 * googlePlaceId, notes, isFavorite, rating and tags (as {id, name} objects or as ids).
 */
export const LocationInput = z.object({
  name: z.string({ error: locationMessages.nameRequired }).trim()
    .min(1, locationMessages.nameRequired).max(locationLimits.nameMax, locationMessages.nameTooLong),
  address: optionalText(locationLimits.addressMax, locationMessages.addressTooLong),
  latitude: z.number({ error: locationMessages.coordinatesInvalid }).min(-90, locationMessages.coordinatesInvalid)
    .max(90, locationMessages.coordinatesInvalid).nullish(),
  longitude: z.number({ error: locationMessages.coordinatesInvalid }).min(-180, locationMessages.coordinatesInvalid)
    .max(180, locationMessages.coordinatesInvalid).nullish(),
  googlePlaceId: optionalText(locationLimits.googlePlaceIdMax, locationMessages.googlePlaceIdTooLong),
  notes: optionalText(locationLimits.notesMax, locationMessages.notesTooLong),
  favorite: z.boolean().nullish(),
  isFavorite: z.boolean().nullish(),
  rating: z.number({ error: locationMessages.ratingInvalid }).int(locationMessages.ratingInvalid)
    .min(1, locationMessages.ratingInvalid).max(5, locationMessages.ratingInvalid).nullish(),
  tags: z.array(z.union([Id, z.object({ id: Id, name: z.string().optional() })]))
    .max(locationLimits.tagsPerLocation, locationMessages.tooManyTagsOnLocation).nullish(),
});
export type LocationInput = z.input<typeof LocationInput>;

export const listLocations = endpoint({
  method: 'GET',
  path: '/api/locations',
  access: 'user',
  summary: 'The family\'s saved locations, by name',
  response: z.array(Location),
});

export const listFavoriteLocations = endpoint({
  method: 'GET',
  path: '/api/locations/favorites',
  access: 'user',
  summary: 'The family\'s favourite locations, by name',
  response: z.array(Location),
});

export const searchLocations = endpoint({
  method: 'GET',
  path: '/api/locations/search',
  access: 'user',
  summary: 'Locations holding every word of the query in their name, address, notes, tags, shared notes or the caller\'s own personal notes, ignoring case, accents and punctuation; name matches first',
  query: z.object({
    query: z.string().trim().max(locationLimits.searchMax, locationMessages.searchTooLong).default(''),
  }),
  response: z.array(Location),
});

/** Spec part 2 §9: geocode results for events and locations, establishments for restaurants. */
export const suggestionKinds = ['address', 'establishment'] as const;
export const SuggestionKind = z.enum(suggestionKinds);
export type SuggestionKind = z.infer<typeof SuggestionKind>;

export const AddressSuggestion = z.object({
  label: z.string(),
  /** The place's own name (a restaurant's), when it has one apart from its address. */
  name: z.string().nullable(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestion>;

export const addressSuggestions = endpoint({
  method: 'GET',
  path: '/api/locations/address-suggestions',
  access: 'user',
  summary: 'US addresses (kind=address: events, locations) or establishments (kind=establishment: restaurants) matching the query, from the configured geocoder (empty without one)',
  query: z.object({
    query: z.string().trim().max(locationLimits.searchMax, locationMessages.searchTooLong).default(''),
    kind: SuggestionKind.default('address'),
  }),
  response: z.array(AddressSuggestion),
});

export const createLocation = endpoint({
  method: 'POST',
  path: '/api/locations',
  access: 'user',
  summary: 'Save a location (ADMIN or EDIT)',
  body: LocationInput,
  response: Location,
  status: 201,
});

export const updateLocation = endpoint({
  method: 'PUT',
  path: '/api/locations/{id}',
  access: 'user',
  summary: 'Replace a location\'s fields and tags (ADMIN or EDIT)',
  params: IdParams,
  body: LocationInput,
  response: Location,
});

export const deleteLocation = endpoint({
  method: 'DELETE',
  path: '/api/locations/{id}',
  access: 'user',
  summary: 'Delete a location with its notes (ADMIN or EDIT)',
  params: IdParams,
  response: z.null(),
});

export const setLocationFavorite = endpoint({
  method: 'PATCH',
  path: '/api/locations/{id}/favorite',
  access: 'user',
  summary: 'Mark or unmark a location as a favourite (ADMIN or EDIT)',
  params: IdParams,
  query: z.object({ isFavorite: z.enum(['true', 'false']).transform((v) => v === 'true') }),
  response: Location,
});

export const listTags = endpoint({
  method: 'GET',
  path: '/api/tags',
  access: 'user',
  summary: 'The family\'s tags, by name',
  response: z.array(Tag),
});

export const createTag = endpoint({
  method: 'POST',
  path: '/api/tags',
  access: 'user',
  summary: 'Add a tag; names are unique in the family, ignoring case (ADMIN or EDIT)',
  body: z.object({ name: TagName }),
  response: Tag,
  status: 201,
});

export const updateTag = endpoint({
  method: 'PUT',
  path: '/api/tags/{id}',
  access: 'user',
  summary: 'Rename a tag (ADMIN or EDIT)',
  params: IdParams,
  body: z.object({ name: TagName }),
  response: Tag,
});

export const deleteTag = endpoint({
  method: 'DELETE',
  path: '/api/tags/{id}',
  access: 'user',
  summary: 'Delete a tag; it is removed from its locations (ADMIN or EDIT)',
  params: IdParams,
  response: z.null(),
});

export const LocationNote = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  note: z.string(),
  isPersonal: z.boolean(),
  createdByMemberName: z.string(),
  /** Whether the signed-in user wrote it (may edit it). */
  mine: z.boolean(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type LocationNote = z.infer<typeof LocationNote>;

const NoteText = z.string({ error: locationMessages.noteRequired }).trim()
  .min(1, locationMessages.noteRequired).max(locationLimits.noteMax, locationMessages.noteTooLong);

export const listLocationNotes = endpoint({
  method: 'GET',
  path: '/api/location-notes/location/{id}',
  access: 'user',
  summary: 'A location\'s shared notes and the caller\'s personal ones, newest first',
  params: IdParams,
  response: z.array(LocationNote),
});

export const myLocationNotes = endpoint({
  method: 'GET',
  path: '/api/location-notes/my-notes',
  access: 'user',
  summary: 'Every note the caller wrote, personal and shared, newest first',
  response: z.array(LocationNote),
});

export const createLocationNote = endpoint({
  method: 'POST',
  path: '/api/location-notes',
  access: 'user',
  summary: 'Add a note to a location: personal (only its author sees it) or shared (ADMIN or EDIT)',
  body: z.object({ locationId: Id, note: NoteText, isPersonal: z.boolean().default(false) }),
  response: LocationNote,
  status: 201,
});

export const updateLocationNote = endpoint({
  method: 'PUT',
  path: '/api/location-notes/{id}',
  access: 'user',
  summary: 'Change a note\'s text (its author only)',
  params: IdParams,
  body: z.object({ note: NoteText }),
  response: LocationNote,
});

export const deleteLocationNote = endpoint({
  method: 'DELETE',
  path: '/api/location-notes/{id}',
  access: 'user',
  summary: 'Delete a note (its author, or a family admin for a shared note)',
  params: IdParams,
  response: z.null(),
});

export const countLocationNotes = endpoint({
  method: 'GET',
  path: '/api/location-notes/location/{id}/count',
  access: 'user',
  summary: 'How many notes of a location the caller can see',
  params: IdParams,
  response: z.object({ count: z.number().int() }),
});

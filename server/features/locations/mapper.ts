import type { Location, LocationNote, Tag } from '@hearth/contract/locations';
import type { LocationRow, NoteRow, TagRow } from './repository.ts';

export function toLocation(row: LocationRow, tags: Tag[]): Location {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    googlePlaceId: row.googlePlaceId,
    notes: row.notes,
    favorite: row.isFavorite,
    isFavorite: row.isFavorite,
    rating: row.rating,
    tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toTag = (row: TagRow): Tag => ({ id: row.id, name: row.name });

export function toNote(row: NoteRow, userId: string): LocationNote {
  return {
    id: row.id,
    locationId: row.locationId,
    note: row.note,
    isPersonal: row.isPersonal,
    createdByMemberName: row.authorName,
    mine: row.authorUserId === userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

import { locationMessages as server } from '@hearth/contract/locations';

/**
 * Every text the locations screens show: the server's messages (from the contract, shown as the server sends them)
 * and the web's own texts of the spec.
 */
export const locationMessages = {
  ...server,
  addLocation: 'Add Location',
  manageTags: 'Manage Tags',
  hideTags: 'Hide Tags',
  clearTagFilter: 'Clear Tag Filter',
  addTitle: 'Add New Location',
  editTitle: 'Edit Location',
  markFavorite: 'Mark as Favorite',
  noRating: 'No rating',
  showNotes: 'Show Notes',
  hideNotes: 'Hide Notes',
  empty: 'No locations yet. Add your first location to get started!',
  emptyFavorites: 'No favorite locations yet. Add some locations and mark them as favorites!',
  emptyTag: (tag: string) => `No locations with tag "${tag}". Try a different tag or clear the filter.`,
  refreshSession: 'Your session needs to be refreshed. Please log out and log back in to continue.',
  logoutAndLogin: 'Logout & Login Again',
  saveFailed: 'Failed to save location',
  loadFailed: 'Failed to load locations',
  deleteFailed: 'Failed to delete location',
  favoriteFailed: 'Failed to update favorite status',
  searchFailed: 'Failed to search locations',
  notesLoadFailed: 'Failed to load notes',
  notesLoadError: 'Error loading notes',
  noteCreateError: 'Error creating note',
  noteUpdateError: 'Error updating note',
  noteDeleteError: 'Error deleting note',
  tagsLoadFailed: 'Failed to load tags',
  tagCreateError: 'Error creating tag',
  tagUpdateError: 'Error updating tag',
  tagDeleteError: 'Error deleting tag',
} as const;

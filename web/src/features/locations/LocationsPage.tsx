import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import * as accounts from '@hearth/contract/accounts';
import { type Location, type Tag } from '@hearth/contract/locations';
import { locationMessages as m } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { ApiError, call } from '../../shared/api/client.ts';
import { session } from '../../shared/session.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { LocationCard } from './LocationCard.tsx';
import { LocationForm } from './LocationForm.tsx';
import {
  useDeleteLocation, useFavoriteLocations, useLocations, useLocationSearch, useMyNotes, useSetFavorite, useTags,
} from './queries.ts';
import { TagManager } from './TagManager.tsx';
import './locations.css';
import { useCan } from '../../shared/useCan.ts';
import { useTitle } from '../../shared/useTitle.ts';

type Tab = 'all' | 'favorites';

/** The spec tolerates a 400 (no family) or a 500 on the list silently: the page shows no saved locations. */
const tolerated = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status >= 500);

export function LocationsPage() {
  useTitle('Locations');
  const user = useCurrentUser();
  const familyId = user.data?.familyId ?? null;
  const canEdit = useCan().edit;
  const all = useLocations(Boolean(familyId));
  const favorites = useFavoriteLocations(Boolean(familyId));
  const tags = useTags(Boolean(familyId));
  const myNotes = useMyNotes(Boolean(familyId));
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const search = useLocationSearch(query);
  const [tab, setTab] = useState<Tab>('all');
  const [tagFilter, setTagFilter] = useState<Tag | null>(null);
  const [showTags, setShowTags] = useState(false);
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Location | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteLocation();
  const favorite = useSetFavorite();

  if (user.data && !familyId) return <RefreshSession />;

  const runSearch = (e: FormEvent) => {
    e.preventDefault();
    setQuery(typed.trim());
  };
  const clearSearch = () => {
    setTyped('');
    setQuery('');
  };

  const source = query ? search : all;
  const allRows = (source.data ?? []) as Location[];
  const favoriteRows = query ? allRows.filter((l) => l.favorite) : (favorites.data ?? []);
  const tabRows = tab === 'all' ? allRows : favoriteRows;
  const shown = tabRows.filter((l) => !tagFilter || l.tags.some((t) => t.id === tagFilter.id));
  const personalNotes = new Map<string, number>();
  for (const note of myNotes.data ?? []) {
    if (note.isPersonal) personalNotes.set(note.locationId, (personalNotes.get(note.locationId) ?? 0) + 1);
  }

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
    } catch {
      setError(m.deleteFailed);
    }
    setDeleting(null);
  };

  const toggleFavorite = (location: Location) => {
    favorite.mutate({ id: location.id, isFavorite: !location.favorite }, { onError: () => setError(m.favoriteFailed) });
  };

  let content;
  if (user.isPending || source.isPending) content = <Loading />;
  else if (query && search.isError) content = <ErrorBanner message={m.searchFailed} />;
  else if (!query && all.isError && !tolerated(all.error)) content = <ErrorBanner message={m.loadFailed} />;
  else if (shown.length === 0) {
    let empty: string = tab === 'favorites' ? m.emptyFavorites : m.empty;
    if (query && tabRows.length === 0) empty = m.noMatch(query);
    else if (tagFilter) empty = m.emptyTag(tagFilter.name);
    content = <p className="muted empty-state">{empty}</p>;
  } else {
    content = (
      <ul className="grid location-grid" aria-label="Saved locations">
        {shown.map((location) => (
          <li key={location.id}>
            <LocationCard location={location} personalNotes={personalNotes.get(location.id) ?? 0} canEdit={canEdit} onEdit={() => setEditing(location)}
              onDelete={() => setDeleting(location)} onToggleFavorite={() => toggleFavorite(location)}
              onTag={(tag) => setTagFilter(tag)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <main className="page stack locations-page">
      <div className="spread">
        <h1>{m.title}</h1>
        <div className="row">
          <button type="button" className="secondary" aria-expanded={showTags} onClick={() => setShowTags(!showTags)}>
            {showTags ? m.hideTags : m.manageTags}
          </button>
          {canEdit && <button type="button" onClick={() => setEditing('new')}>{m.addLocation}</button>}
        </div>
      </div>
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      <form className="location-search" role="search" onSubmit={runSearch}>
        <input type="search" aria-label="Search locations" placeholder="Name, address, note or tag"
          value={typed} onChange={(e) => setTyped(e.target.value)} enterKeyHint="search" />
        {query && <button type="button" className="secondary" onClick={clearSearch}>{m.clearSearch}</button>}
      </form>
      {showTags && <TagManager tags={tags.data ?? []} canEdit={canEdit} loadFailed={tags.isError} />}
      <div className="tabs" role="tablist" aria-label="Which locations">
        <button type="button" role="tab" aria-selected={tab === 'all'} onClick={() => setTab('all')}>
          All ({allRows.length})
        </button>
        <button type="button" role="tab" aria-selected={tab === 'favorites'} onClick={() => setTab('favorites')}>
          Favorites ({favoriteRows.length})
        </button>
      </div>
      <div className="row tag-filter">
        <label className="inline">
          <span>Tag</span>
          <select aria-label="Filter by tag" value={tagFilter?.id ?? ''}
            onChange={(e) => setTagFilter((tags.data ?? []).find((t) => t.id === e.target.value) ?? null)}>
            <option value="">All tags</option>
            {(tags.data ?? []).map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
          </select>
        </label>
        {tagFilter && <button type="button" className="secondary" onClick={() => setTagFilter(null)}>{m.clearTagFilter}</button>}
      </div>
      {content}
      <Modal title={editing === 'new' ? m.addTitle : m.editTitle} open={editing !== null} onClose={() => setEditing(null)}>
        {editing !== null && (
          <LocationForm location={editing === 'new' ? null : editing} tags={tags.data ?? []}
            onDone={() => setEditing(null)} />
        )}
      </Modal>
      <ConfirmDialog open={deleting !== null} title="Delete location"
        message={`Delete "${deleting?.name ?? ''}" and its notes?`} confirmLabel="Delete"
        busy={remove.isPending} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
    </main>
  );
}

/** A session from before the user had a family: only signing in again brings the family id. */
function RefreshSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const again = async () => {
    await call(accounts.logout).catch(() => undefined);
    session.clear();
    queryClient.clear();
    navigate(paths.auth);
  };
  return (
    <main className="page narrow">
      <div className="card stack">
        <p>{m.refreshSession}</p>
        <button type="button" onClick={() => void again()}>{m.logoutAndLogin}</button>
      </div>
    </main>
  );
}

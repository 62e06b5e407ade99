import { useState } from 'react';
import type { Location, Tag } from '@hearth/contract/locations';
import { LocationNotes } from './LocationNotes.tsx';
import { useNoteCount } from './queries.ts';
import { locationMessages as m } from './texts.ts';
import { useSeen } from './useSeen.ts';

const mapsLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** Filled and empty stars out of 5. */
function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`Rating: ${rating} out of 5`}>
      {'★'.repeat(rating)}<span className="empty">{'☆'.repeat(5 - rating)}</span>
    </span>
  );
}

/**
 * A saved place: its notes' count (for the member: shared notes and their own personal ones, `personalNotes` of
 * them personal) opens the notes on the card itself.
 */
export function LocationCard({ location, personalNotes, canEdit, onEdit, onDelete, onToggleFavorite, onTag }: {
  location: Location;
  personalNotes: number;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onToggleFavorite: () => void;
  onTag: (tag: Tag) => void;
}) {
  const { ref, seen } = useSeen<HTMLElement>();
  const count = useNoteCount(location.id, seen).data?.count;
  const [showNotes, setShowNotes] = useState(false);
  return (
    <article ref={ref} className="card location-card" aria-label={location.name}>
      <div className="location-head">
        <h2>{location.name}</h2>
        <button type="button" className={`icon star${location.favorite ? ' on' : ''}`} disabled={!canEdit}
          aria-pressed={location.favorite}
          aria-label={location.favorite ? `Remove ${location.name} from favorites` : `Mark ${location.name} as favorite`}
          onClick={onToggleFavorite}>{location.favorite ? '★' : '☆'}</button>
      </div>
      {location.address && (
        <a className="address" href={mapsLink(location.address)} target="_blank" rel="noopener noreferrer">
          {location.address}
        </a>
      )}
      {location.tags.length > 0 && (
        <ul className="tag-chips" aria-label="Tags">
          {location.tags.map((tag) => (
            <li key={tag.id}>
              <button type="button" className="chip" aria-label={`Show locations tagged ${tag.name}`}
                onClick={() => onTag(tag)}>{tag.name}</button>
            </li>
          ))}
        </ul>
      )}
      {location.rating !== null && <Stars rating={location.rating} />}
      {location.notes && <p className="location-notes">{location.notes}</p>}
      <button type="button" className="link notes-toggle" aria-expanded={showNotes} onClick={() => setShowNotes(!showNotes)}>
        {m.notes(count)}{personalNotes > 0 && <span className="muted"> ({m.personalNotes(personalNotes)})</span>}
      </button>
      {showNotes && <LocationNotes locationId={location.id} />}
      {canEdit && (
        <div className="row location-actions">
          <button type="button" className="link" aria-label={`Edit ${location.name}`} onClick={onEdit}>Edit</button>
          <button type="button" className="link danger-link" aria-label={`Delete ${location.name}`} onClick={onDelete}>
            Delete
          </button>
        </div>
      )}
    </article>
  );
}

import type { FamilyMember } from '@hearth/contract/family';

/**
 * Buttons that filter a page's entries to one family member (newsfeed, calendar); pressing the selected one
 * again, or the clear button, clears the filter.
 */
export function MemberLegend({ members, selected, onSelect, label, clearLabel }: {
  members: FamilyMember[]; selected: string | null; onSelect: (id: string | null) => void; label: string; clearLabel: string;
}) {
  return (
    <div className="member-legend" role="group" aria-label={label}>
      {members.map((m) => (
        <button
          key={m.id} type="button" className="member-chip" aria-pressed={selected === m.id}
          onClick={() => onSelect(selected === m.id ? null : m.id)}
        >
          <span className="member-dot" style={{ background: m.color }} aria-hidden="true" />
          {m.name}
        </button>
      ))}
      {selected && <button type="button" className="link" onClick={() => onSelect(null)}>{clearLabel}</button>}
    </div>
  );
}

/** Family-wide entries (no attendees) concern everyone, so a member filter keeps them. */
export const attends = (memberId: string | null) => (e: { attendeeIds: string[] }) =>
  memberId === null || e.attendeeIds.length === 0 || e.attendeeIds.includes(memberId);

import { useEffect, useRef, useState } from 'react';
import type { FamilyMember } from '@hearth/contract/family';
import { shortDate } from './format.ts';
import { levelLabels } from './MemberForm.tsx';

/**
 * A colour picker that saves once a colour is chosen (the native change event), not on every
 * step of dragging through the picker (the input event React's onChange listens to).
 */
function ColorPicker({ color, label, onPick }: { color: string; label: string; onPick: (color: string) => Promise<unknown> }) {
  const ref = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(color);
  useEffect(() => setDraft(color), [color]);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const commit = () => {
      if (input.value.toLowerCase() === color) return;
      onPick(input.value).catch(() => setDraft(color));
    };
    input.addEventListener('change', commit);
    return () => input.removeEventListener('change', commit);
  }, [color, onPick]);
  return <input ref={ref} type="color" value={draft} aria-label={label} onChange={(e) => setDraft(e.target.value)} />;
}

export function MemberCard({ member, isSelf, canEdit, canRemove, onEdit, onRemove, onColor }: {
  member: FamilyMember;
  isSelf: boolean;
  canEdit: boolean;
  canRemove: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onColor: (color: string) => Promise<unknown>;
}) {
  return (
    <li className="card member-card" style={{ borderTopColor: member.color }} aria-label={member.name}>
      <div className="spread">
        <h3>{member.name}{isSelf && <span className="muted small"> (you)</span>}</h3>
        {member.memberNumber !== null && <span className="muted small">#{member.memberNumber}</span>}
      </div>
      <div className="row">
        <span className="badge">{levelLabels[member.permissionLevel]}</span>
        {!member.userId && <span className="muted small">No account</span>}
      </div>
      {member.email && <span className="small member-email">{member.email}</span>}
      {member.birthday && <span className="small">Birthday: {shortDate(member.birthday)}</span>}
      <label className="inline small">
        <ColorPicker color={member.color} label={`Color for ${member.name}`} onPick={onColor} />
        Color
      </label>
      {(canEdit || canRemove) && (
        <div className="row">
          {canEdit && <button type="button" className="secondary" onClick={onEdit}>Edit</button>}
          {canRemove && <button type="button" className="danger" onClick={onRemove}>Remove</button>}
        </div>
      )}
    </li>
  );
}

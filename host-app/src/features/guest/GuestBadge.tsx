// Floating edit-count/time badge for guests; after 5 minutes of editing it urges saving (spec section 4).
import { useEffect, useState } from 'react';
import { minutesSpent } from '../../stores/documentStore';
import './guest.css';

export const BADGE_POLL_MS = 30_000;
export const WARNING_AFTER_MS = 5 * 60_000;

interface GuestBadgeProps {
  editCount: number;
  startTime: number | null;
  onSaveNow(): void;
}

export function GuestBadge({ editCount, startTime, onSaveNow }: GuestBadgeProps) {
  const [now, setNow] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), BADGE_POLL_MS);
    return () => window.clearInterval(timer);
  }, []);

  if (editCount < 1) return null;
  const warn = !dismissed && startTime !== null && now - startTime >= WARNING_AFTER_MS;
  const minutes = minutesSpent(startTime, now);

  return (
    <aside className="guest-badge" aria-label="Guest session">
      {warn && (
        <div className="guest-warning card" role="alert">
          <h3>Don&apos;t lose your work!</h3>
          <p>You have been editing for {minutes} minutes. Sign up free to save your changes.</p>
          <div className="row">
            <button type="button" className="btn btn-primary btn-sm" onClick={onSaveNow}>
              Save Now
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setDismissed(true)}>
              Continue Editing
            </button>
          </div>
        </div>
      )}
      <div className="guest-pill" data-testid="guest-badge">
        {editCount} {editCount === 1 ? 'edit' : 'edits'} · {minutes} min
      </div>
    </aside>
  );
}

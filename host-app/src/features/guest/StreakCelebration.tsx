// A short celebration when a guest reaches a 3- or 7-day editing streak.
import { useEffect, useState } from 'react';
import { CELEBRATION_MS } from './streak';
import './guest.css';

export function StreakCelebration({ streak }: { streak: number | null }) {
  const [visible, setVisible] = useState(streak !== null);
  useEffect(() => {
    if (streak === null) return;
    setVisible(true);
    const timer = window.setTimeout(() => setVisible(false), CELEBRATION_MS);
    return () => window.clearTimeout(timer);
  }, [streak]);
  if (!visible || streak === null) return null;
  return (
    <div className="streak-celebration card" role="status">
      <span aria-hidden="true">🔥</span> {streak}-day editing streak! Keep it going.
    </div>
  );
}

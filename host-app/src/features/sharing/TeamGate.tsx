// What the Share dialog shows an owner without the Team plan instead of the invite form: why, and
// the one-time 14-day Team trial while it is unused.
import type { User } from '@marginalia/api';
import { useStartTeamTrial } from '../plans/useAccount';
import { START_TEAM_TRIAL, TEAM_FEATURE_NOTE, TEAM_TRIAL_USED } from './roles';

export function TeamGate({ user }: { user: Pick<User, 'teamTrialEndsAt'> }) {
  const startTrial = useStartTeamTrial();
  return (
    <div className="stack" data-testid="team-gate">
      <p>{TEAM_FEATURE_NOTE}</p>
      {user.teamTrialEndsAt === null ? (
        <button type="button" className="btn btn-primary" disabled={startTrial.isPending} onClick={() => startTrial.mutate()}>
          {startTrial.isPending ? 'Starting trial...' : START_TEAM_TRIAL}
        </button>
      ) : (
        <p className="muted">{TEAM_TRIAL_USED}</p>
      )}
    </div>
  );
}

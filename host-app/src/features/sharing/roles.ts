// How the app names what a collaborator may do, in the Share dialog and in "Shared with me".
import type { CollaboratorRole } from '@marginalia/api';

export const ROLE_OPTIONS: ReadonlyArray<{ value: CollaboratorRole; label: string }> = [
  { value: 'editor', label: 'can edit' },
  { value: 'viewer', label: 'can view' },
];

export const ROLE_LABELS: Record<CollaboratorRole, string> = { editor: 'Can edit', viewer: 'Can view' };

/** The Team plan's collaboration as the spec puts it ("5 members, collaboration"). */
export const TEAM_FEATURE_NOTE = 'Inviting people is a Team feature (up to 5 members per document). A collaborator needs only a free account.';
export const START_TEAM_TRIAL = 'Start 14-day Team trial';
export const TEAM_TRIAL_USED = 'Your Team trial has been used. The Team plan cannot be bought online yet.';

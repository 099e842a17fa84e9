// Which plan an account has now, and its trials. Each trial is given once per account and lends a
// plan for 14 days from its start: the Personal trial to a free account, the Team trial (what
// inviting people to a document needs) to a free or Personal one. When a trial's end has passed the
// account is back on the plan it holds (`plan`), worked out here at read time with the server's
// clock, so nothing has to run when a trial ends and the account's documents are never touched.
import type { Deps } from '../context';
import { ConflictError } from '../domain/errors';
import { isoNow } from '../models/BaseModel';
import type { Plan, User } from '../models';

export const TRIAL_DAYS = 14;
export const TRIAL_PLAN: Plan = 'personal';
export const TRIAL_ALREADY_USED = 'This account has already used its free trial.';
export const TEAM_TRIAL_ALREADY_USED = 'This account has already used its Team trial.';
export const ALREADY_PAID = 'This account is already on a paid plan.';
export const ALREADY_ON_TEAM = 'This account is already on the Team plan.';

/** The columns the plan that applies now is worked out from. */
export interface PlanFields {
  plan: Plan;
  trialEndsAt: string | null;
  teamTrialEndsAt: string | null;
}

/** Every column `currentPlan` reads, for queries that select only those. */
export const PLAN_COLUMNS = ['plan', 'trialEndsAt', 'teamTrialEndsAt'] as const;

const running = (endsAt: string | null, now: Date): boolean => endsAt !== null && Date.parse(endsAt) > now.getTime();

/** Whether the Personal trial runs at `now`. */
export function trialActive(user: Pick<PlanFields, 'trialEndsAt'>, now: Date): boolean {
  return running(user.trialEndsAt, now);
}

/** Whether the Team trial runs at `now`. */
export function teamTrialActive(user: Pick<PlanFields, 'teamTrialEndsAt'>, now: Date): boolean {
  return running(user.teamTrialEndsAt, now);
}

/** The plan that applies at `now`: the one held, or a running trial's when it is more. */
export function currentPlan(user: PlanFields, now: Date): Plan {
  if (user.plan !== 'team' && teamTrialActive(user, now)) return 'team';
  return user.plan === 'free' && trialActive(user, now) ? TRIAL_PLAN : user.plan;
}

const trialEnd = (now: Date) => isoNow(new Date(now.getTime() + TRIAL_DAYS * 24 * 3600_000));

/**
 * Starts the account's Personal trial; refused (409) when one was ever started or the account already pays. One conditional update, so
 * two clicks at once cannot both start it.
 */
export async function startTrial(server: Deps<'models' | 'now'>, user: User): Promise<User> {
  if (user.plan !== 'free') throw new ConflictError(ALREADY_PAID);
  const now = server.now();
  const started = await server.models.User.query()
    .findById(user.id)
    .whereNull('trialEndsAt')
    .patch({ trialEndsAt: trialEnd(now), updatedAt: isoNow(now) });
  if (started !== 1) throw new ConflictError(TRIAL_ALREADY_USED);
  return server.models.User.query().findById(user.id).throwIfNotFound();
}

/**
 * Starts the account's Team trial, separate from the Personal one (a free account may have had
 * that already); refused (409) when one was ever started or the account holds the Team plan.
 */
export async function startTeamTrial(server: Deps<'models' | 'now'>, user: User): Promise<User> {
  if (user.plan === 'team') throw new ConflictError(ALREADY_ON_TEAM);
  const now = server.now();
  const started = await server.models.User.query()
    .findById(user.id)
    .whereNull('teamTrialEndsAt')
    .patch({ teamTrialEndsAt: trialEnd(now), updatedAt: isoNow(now) });
  if (started !== 1) throw new ConflictError(TEAM_TRIAL_ALREADY_USED);
  return server.models.User.query().findById(user.id).throwIfNotFound();
}

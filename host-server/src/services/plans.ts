// Which plan an account has now, and its one free trial. A trial lends the Personal plan for 14 days
// from its start; when `trialEndsAt` has passed the account is back on the plan it holds (`plan`),
// worked out here at read time with the server's clock, so nothing has to run when a trial ends and
// the account's documents are never touched.
import type { Deps } from '../context';
import { ConflictError } from '../domain/errors';
import { isoNow } from '../models/BaseModel';
import type { Plan, User } from '../models';

export const TRIAL_DAYS = 14;
export const TRIAL_PLAN: Plan = 'personal';
export const TRIAL_ALREADY_USED = 'This account has already used its free trial.';
export const ALREADY_PAID = 'This account is already on a paid plan.';

interface PlanFields {
  plan: Plan;
  trialEndsAt: string | null;
}

export function trialActive(user: PlanFields, now: Date): boolean {
  return user.trialEndsAt !== null && Date.parse(user.trialEndsAt) > now.getTime();
}

/** The plan that applies at `now`: the one held, or the trial's while a trial runs on a free account. */
export function currentPlan(user: PlanFields, now: Date): Plan {
  return user.plan === 'free' && trialActive(user, now) ? TRIAL_PLAN : user.plan;
}

/**
 * Starts the account's trial; refused (409) when one was ever started or the account already pays. One conditional update, so
 * two clicks at once cannot both start it.
 */
export async function startTrial(server: Deps<'models' | 'now'>, user: User): Promise<User> {
  if (user.plan !== 'free') throw new ConflictError(ALREADY_PAID);
  const now = server.now();
  const endsAt = new Date(now.getTime() + TRIAL_DAYS * 24 * 3600_000);
  const started = await server.models.User.query()
    .findById(user.id)
    .whereNull('trialEndsAt')
    .patch({ trialEndsAt: isoNow(endsAt), updatedAt: isoNow(now) });
  if (started !== 1) throw new ConflictError(TRIAL_ALREADY_USED);
  return server.models.User.query().findById(user.id).throwIfNotFound();
}

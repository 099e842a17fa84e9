// The free plan's daily upload allowance (spec: 3 PDFs a day). Days are calendar days in UTC: the
// count restarts at 00:00 UTC. The count is taken by one conditional UPDATE in the same transaction
// that inserts the document, so parallel uploads cannot overshoot it: PostgreSQL locks the user's
// row and re-checks the condition; on SQLite the single writer connection serialises the updates.
import type { Knex } from 'knex';
import { isoNow } from '../models/BaseModel';
import { currentPlan, type PlanFields } from './plans';

export const QUOTA_MESSAGE = "You've reached your daily limit of 3 PDF uploads. Upgrade to Pro for unlimited uploads.";

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

interface UsageFields extends PlanFields {
  dailyUsage: number;
  usageDay: string | null;
}

/** Uploads counted today (0 when the last counted upload was on an earlier day). */
export function dailyUsageOf(user: UsageFields, now: Date): number {
  return user.usageDay === utcDay(now) ? user.dailyUsage : 0;
}

/** The daily upload limit of the user's plan at `now`, or null for unlimited (paid plans and trials). */
export function dailyLimitOf(user: UsageFields, now: Date, freeLimit: number): number | null {
  return currentPlan(user, now) === 'free' ? freeLimit : null;
}

export function hasUploadsLeft(user: UsageFields, now: Date, freeLimit: number): boolean {
  const limit = dailyLimitOf(user, now, freeLimit);
  return limit === null || dailyUsageOf(user, now) < limit;
}

/**
 * Counts one upload for today inside `trx`. Returns false, changing nothing, when the user's plan
 * has no uploads left today.
 */
export async function reserveUpload(trx: Knex.Transaction, userId: string, now: Date, freeLimit: number): Promise<boolean> {
  const today = utcDay(now);
  const updated = await trx('users')
    .where('id', userId)
    .andWhere((allowed) =>
      allowed
        .whereNot('plan', 'free')
        .orWhere('trialEndsAt', '>', isoNow(now))
        .orWhere('teamTrialEndsAt', '>', isoNow(now))
        .orWhereNull('usageDay')
        .orWhereNot('usageDay', today)
        .orWhere('dailyUsage', '<', freeLimit),
    )
    .update({
      dailyUsage: trx.raw('CASE WHEN usage_day = ? THEN daily_usage + 1 ELSE 1 END', [today]),
      usageDay: today,
    });
  return Number(updated) === 1;
}

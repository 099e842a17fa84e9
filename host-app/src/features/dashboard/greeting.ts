// The dashboard's greeting: an account made within the last hour is new and welcomed as such; anyone
// else is welcomed back (spec: "Welcome back, {name}!").
export const NEW_ACCOUNT_WINDOW_MS = 60 * 60 * 1000;

export function greeting(user: { name: string; createdAt: string }, now = Date.now()): string {
  const created = new Date(user.createdAt).getTime();
  const isNew = Number.isFinite(created) && now - created < NEW_ACCOUNT_WINDOW_MS;
  return isNew ? `Welcome to Marginalia, ${user.name}!` : `Welcome back, ${user.name}!`;
}

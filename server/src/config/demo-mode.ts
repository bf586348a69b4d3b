/** Demo data belongs to the embedded database on a developer's machine, never to production. */
export const demoModeByDefault = (production: boolean, databaseUrl: string | undefined) => !production && !databaseUrl;

/**
 * Whether `env` runs in demo mode, as loadConfig decides it, for readers that are given the
 * environment rather than the parsed configuration (`operatorDetails()` with no arguments).
 */
export function demoModeOf(env: NodeJS.ProcessEnv): boolean {
  const value = env.DEMO_MODE?.trim();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  return demoModeByDefault(env.NODE_ENV === 'production', env.DATABASE_URL);
}

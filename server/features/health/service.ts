import { notReadyMessages } from '@hearth/contract/health';
import { migrationsApplied } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';

/** How long the database may take to answer a readiness check before it counts as unreachable. */
export const readinessCheckMs = 3_000;

/** Rejects once `ms` have passed without `work` settling. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Why the server cannot serve now, or null when it can. */
export async function notReadyBecause(deps: Deps, closing: boolean): Promise<string | null> {
  if (closing) return notReadyMessages.shuttingDown;
  let applied: boolean;
  try {
    applied = await within(migrationsApplied(deps.database), readinessCheckMs);
  } catch {
    return notReadyMessages.databaseUnreachable;
  }
  if (!applied) return notReadyMessages.migrationsMissing;
  if (!deps.realtime.listening()) return notReadyMessages.notListening;
  return null;
}

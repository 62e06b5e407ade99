import { startTransition, useEffect, useState } from 'react';

/**
 * Rows made in one step: at 20 (a phone's screenful) a step ran past what counts as blocking at Lighthouse's
 * slowed CPU; 10 did not (docs/performance.md).
 */
const rowsPerStep = 10;

/**
 * How many of a list's rows to make: none until `ready`, then a step's worth, then the rest a step at a time, each
 * step a deferred render of its own started once the last was made. Made at once, 100 rows were one long commit and
 * one long layout; in steps, no single task makes more than a step's rows.
 * Once every row was made, every row is (Infinity), whatever the list becomes.
 */
export function useRowsInSteps(ready: boolean, total: number): number {
  const [made, setMade] = useState(0);
  useEffect(() => {
    if (!ready || made === Infinity) return;
    // A task of its own, so the step before is committed and laid out before this one starts.
    const step = setTimeout(() => startTransition(() => {
      setMade(made + rowsPerStep >= total ? Infinity : made + rowsPerStep);
    }), 0);
    return () => clearTimeout(step);
  }, [ready, made, total]);
  return made;
}

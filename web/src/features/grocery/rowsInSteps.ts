import { startTransition, useEffect, useState } from 'react';

/**
 * Rows made in one step. 20 (a phone's screenful) took 10-16 ms a step on a slow 2-core machine, over the 50 ms that
 * counts as blocking at Lighthouse's 4x slower CPU (a 100-item list's return visit: 320-330 ms blocking, 90-280 with
 * 10).
 */
const rowsPerStep = 10;

/**
 * How many of a list's rows to make: none until `ready`, then a step's worth, then the rest a step at a time, each
 * step a deferred render of its own started once the last was made. Made at once, 100 rows were one commit and one
 * layout of 100-200 ms each at Lighthouse's 4x slower CPU; in steps, no single task makes more than a step's rows.
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

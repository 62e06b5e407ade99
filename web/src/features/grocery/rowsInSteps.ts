import { startTransition, useEffect, useState } from 'react';

/** About a phone's screenful of rows, then as many again at each step. */
const rowsPerStep = 20;

/**
 * How many of a list's rows to make: none until `ready`, then a screenful, then the rest a step at a time, each step
 * a deferred render of its own started once the last was made. Made at once, 100 rows were one commit and one layout
 * of 100-200 ms each at Lighthouse's 4x slower CPU; in steps, no single task makes more than a screenful. Once every
 * row was made, every row is (Infinity), whatever the list becomes.
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

import { useEffect } from 'react';

/** Sets the tab's title, most specific first: `useTitle('Costco', 'Grocery list')` → "Costco · Grocery list · Hearth". */
export function useTitle(...parts: (string | null | undefined)[]): void {
  const title = [...parts.filter(Boolean), 'Hearth'].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

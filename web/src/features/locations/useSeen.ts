import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element has come near the screen (and stays true after): a card asks for what only it shows once seen,
 * so a family with hundreds of places does not send hundreds of requests on opening the page.
 */
export function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      setSeen(true);
      observer.disconnect();
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}

import { createElement, lazy, useState, type ComponentType } from 'react';

/** Every page module loaded so far, by its loader. */
const loadedModules = new Map<() => Promise<unknown>, unknown>();

/** A page's code loader that remembers the module once it has arrived. */
export function remembered<M>(load: () => Promise<M>): () => Promise<M> {
  const once = () => load().then((module) => {
    loadedModules.set(once, module);
    return module;
  });
  return once;
}

/**
 * A lazily loaded page that renders at once when its code is already here (prefetched on the way, or loaded early
 * for a list opened offline). React.lazy suspends on its first render even then, and a Suspense boundary that has
 * shown its fallback reveals the page no sooner than 300 ms later (React's fallback throttle): that was most of an
 * offline reload of a list.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const Lazy = lazy(() => load().then((module) => ({ default: pick(module) })));
  return function LazyPage() {
    // Chosen once per mount: turning from Lazy into the page itself would remount it and lose its state.
    const [Page] = useState<ComponentType>(() => {
      const module = loadedModules.get(load) as M | undefined;
      return module ? pick(module) : Lazy;
    });
    return createElement(Page);
  };
}

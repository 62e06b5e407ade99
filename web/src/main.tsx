import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { App } from './app/App.tsx';
import { prefetchOpenedPage } from './app/prefetch.ts';
import { ApiError } from './shared/api/client.ts';
import { OfflineCacheProvider, offlineDays } from './shared/offline/persistence.tsx';
import './shared/ui/ui.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (a missing list, no access) stays a refusal: a retry would only show its message a second late.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
      refetchOnWindowFocus: true,
      // What was seen stays in memory as long as it is kept on the device, so it is there to show offline.
      gcTime: offlineDays * 86_400_000,
    },
  },
});
// How queued changes are sent must be known before the stored queue is restored (so changes from before a
// reload resume); that code comes with the first restore rather than in the first bundle.
let writesKnown: Promise<void> | undefined;
const knowWrites = () => (writesKnown ??= Promise.all([
  import('./features/grocery/writes.ts').then((m) => m.registerGroceryWrites(queryClient)),
  import('./features/todos/writes.ts').then((m) => m.registerTodoWrites(queryClient)),
]).then(() => undefined));
// The query client only hears 'online'/'offline' events; a page opened with no network starts offline.
onlineManager.setOnline(navigator.onLine);

prefetchOpenedPage(queryClient);

// As a transition, the first render is made in slices between other work (the stored copy being read, the page's
// code arriving) instead of one long task on a slow phone (docs/performance.md).
startTransition(() => createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OfflineCacheProvider client={queryClient} beforeRestore={knowWrites}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </OfflineCacheProvider>
  </StrictMode>,
));

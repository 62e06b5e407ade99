// Web Push for Hearth, imported by the generated service worker (vite.config.ts). A push carries a title, a short
// line and the app's path to open; only a path of this app is opened.
const pathOf = (path) => (typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/');

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  event.waitUntil(self.registration.showNotification(data.title || 'Hearth', {
    body: data.body || '',
    icon: '/icon-192.png',
    data: { path: pathOf(data.path) },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(pathOf(event.notification.data && event.notification.data.path), self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const client of windows) {
      if (new URL(client.url).origin === self.location.origin && 'navigate' in client) {
        await client.focus();
        return client.navigate(url);
      }
    }
    return self.clients.openWindow(url);
  })());
});

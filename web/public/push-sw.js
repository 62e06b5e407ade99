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
    // Only a window this worker controls can be navigated; without one, a new window opens.
    const windows = await self.clients.matchAll({ type: 'window' });
    const client = windows.find((c) => new URL(c.url).origin === self.location.origin && 'navigate' in c);
    if (!client) return self.clients.openWindow(url);
    const shown = (await client.navigate(url)) || client;
    // Some platforms refuse focus; the window has gone where the tap asked all the same.
    return shown.focus().catch(() => shown);
  })());
});

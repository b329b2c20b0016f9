// Beurs service worker: shows a pushed message (title and text in the language the device
// subscribed with) and opens it in the app when tapped. It caches nothing.
self.addEventListener('push', (event) => {
  const message = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(message.title || 'Beurs', {
      body: message.content || '',
      tag: message.id,
      icon: '/favicon.svg',
      data: { url: message.url || '' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(`/${event.notification.data.url}`, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => 'focus' in client);
      if (open) return open.navigate(url).then((client) => (client || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});

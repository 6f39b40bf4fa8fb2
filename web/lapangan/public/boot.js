// ITMS Lapangan's shell guard (lapangan/index.html): when the app's code cannot start (a script
// that fails to load or is not JavaScript, a chunk of a form that fails later, a start that never
// comes), the tire man sees why and 'Muat ulang' instead of 'Memuat ITMS Lapangan ...' forever.
// A plain script outside the build's module graph, so that it runs when the app's code does not.
// 'Muat ulang' drops the service worker and its precached copy of the app (with a signal: the app
// comes again from the server) and reloads; IndexedDB, where the unsent entries wait, is never
// touched.
(() => {
  // after the page's scripts have run (DOMContentLoaded), the app replaces the 'Memuat' line at once
  const STALL_MS = 8000;
  let failed = false;
  const box = () => document.getElementById('lp-recover');
  // without a signal, 'Muat ulang' can only try the copy on the phone again: say what helps
  const signal = () => {
    const hint = box()?.querySelector('[data-offline]');
    if (hint) hint.hidden = navigator.onLine;
  };

  function show(reason) {
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', () => show(reason));
      return;
    }
    if (reason !== 'stall') failed = true;
    signal();
    // no 'Memuat' behind it (the app replaces that line when it starts, after a slow start too)
    const loading = document.querySelector('#root > .boot');
    if (loading) loading.style.display = 'none';
    box().hidden = false;
    box().querySelector('button').focus();
  }

  async function reload() {
    if (navigator.onLine) {
      try {
        const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
        await Promise.all(registrations.map((r) => r.unregister()));
        const names = await caches.keys();
        await Promise.all(names.filter((n) => n.includes('precache')).map((n) => caches.delete(n)));
      } catch {
        // reload anyway
      }
    }
    location.reload();
  }

  // a script of the app that does not load (capture: these events do not bubble)
  window.addEventListener(
    'error',
    (e) => {
      const el = e.target;
      if (el instanceof HTMLScriptElement || (el instanceof HTMLLinkElement && el.rel === 'modulepreload')) {
        show('error');
      }
    },
    true,
  );
  // a chunk loaded later that fails: Vite's loader, and the app's own error screen (app.tsx)
  window.addEventListener('vite:preloadError', () => show('error'));
  window.addEventListener('itms:load-failed', () => show('error'));
  window.addEventListener('online', signal);
  window.addEventListener('offline', signal);

  document.addEventListener('DOMContentLoaded', () => {
    document.querySelector('#lp-recover button').addEventListener('click', () => void reload());
    const root = document.getElementById('root');
    const starting = () => root.querySelector(':scope > .boot') !== null;
    setTimeout(() => {
      if (!starting()) return;
      show('stall');
      // a slow start after all: the app took over, the message goes
      new MutationObserver((_, observer) => {
        if (starting()) return;
        observer.disconnect();
        if (!failed) box().hidden = true;
      }).observe(root, { childList: true });
    }, STALL_MS);
  });
})();

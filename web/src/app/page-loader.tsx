import { type ComponentType, useCallback, useEffect, useState } from 'react';

type PageModule = { default: ComponentType };

/**
 * Whether a failed import() is the code not reaching the browser (no signal, a server restarting)
 * rather than a fault in the page: the browsers' words for a module that could not be fetched.
 */
export function isChunkLoadError(err: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  const message = err instanceof Error ? err.message : String(err);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    message,
  );
}

/**
 * The component of a lazily loaded page. When its code cannot be fetched, a stand-in that says so
 * and loads the page by itself once the connection is back (or on 'Coba lagi'), in place, without
 * reloading the app. React Router keeps what a route's `lazy` gave for good, and a rejected one
 * would leave the route failed until a reload: the stand-in is what it keeps instead.
 */
export async function loadPage(load: () => Promise<PageModule>): Promise<ComponentType> {
  try {
    return (await load()).default;
  } catch (err) {
    if (!isChunkLoadError(err)) throw err;
    let loaded: ComponentType | null = null;
    return function PageWaitingForSignal() {
      const [Page, setPage] = useState<ComponentType | null>(() => loaded);
      const [trying, setTrying] = useState(false);
      const retry = useCallback(() => {
        setTrying(true);
        load().then(
          (m) => {
            loaded = m.default;
            setPage(() => m.default);
          },
          () => setTrying(false),
        );
      }, []);
      useEffect(() => {
        if (Page) return;
        window.addEventListener('online', retry);
        return () => window.removeEventListener('online', retry);
      }, [Page, retry]);
      if (Page) return <Page />;
      // plain elements only: the components of the design system this would use may be in the
      // very code that could not be fetched
      return (
        <div role="alert" style={{ minHeight: 320, display: 'grid', placeItems: 'center', padding: 24 }}>
          <div style={{ textAlign: 'center', maxWidth: 420 }}>
            <div style={{ fontSize: 20, fontWeight: 600, marginBottom: 8 }}>Tidak ada koneksi</div>
            <p style={{ color: 'rgba(0,0,0,0.65)', margin: '0 0 16px' }}>
              Halaman ini belum pernah dibuka dan butuh sinyal untuk dimuat. Halaman akan terbuka sendiri
              begitu koneksi kembali.
            </p>
            <button
              type="button"
              onClick={retry}
              disabled={trying}
              style={{
                padding: '6px 16px',
                borderRadius: 6,
                border: '1px solid #1677ff',
                background: '#1677ff',
                color: '#fff',
                fontSize: 14,
                cursor: 'pointer',
              }}
            >
              {trying ? 'Memuat ...' : 'Coba lagi'}
            </button>
          </div>
        </div>
      );
    };
  }
}

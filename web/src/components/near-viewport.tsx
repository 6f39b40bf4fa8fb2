import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Mounts its children when their place comes near the viewport, and keeps them mounted. Until
 * then a placeholder of `minHeight` holds the place. The dashboard's panels below the fold
 * otherwise render their tables (and fetch) in the page's first long task, which on a phone is
 * most of the time the page is unresponsive. Without IntersectionObserver it mounts at once.
 */
export function NearViewport({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = place.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      // half a screen ahead: the panel is there by the time the user scrolls to it
      { rootMargin: '50% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={place} style={{ minHeight }} />;
}

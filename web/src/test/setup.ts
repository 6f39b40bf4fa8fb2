// Web unit tests run in happy-dom. antd reads window.matchMedia (responsive observers) and
// signature_pad needs a canvas 2D context; neither exists in a DOM emulator, nor does layout.
import { act, cleanup, configure } from '@testing-library/react';
import { Modal, notification, message as staticMessage } from 'antd';
import { afterEach, vi } from 'vitest';

/** Tests may set this to render the desktop (>= 960px) layout. */
export const viewport = { width: 390 };

function matches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (min && viewport.width < Number(min[1])) return false;
  if (max && viewport.width > Number(max[1])) return false;
  return Boolean(min || max);
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

HTMLCanvasElement.prototype.getContext = vi.fn(() => {
  const noop = () => {};
  return new Proxy(
    { canvas: document.createElement('canvas') },
    { get: (target, prop) => (prop in target ? target[prop as keyof typeof target] : noop) },
  );
}) as unknown as HTMLCanvasElement['getContext'];

// happy-dom lays nothing out: every observed element counts as in view (panels that mount near the
// viewport mount at once)
class InViewObserver {
  private live = true;
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => {
      if (this.live)
        this.callback(
          [{ target, isIntersecting: true } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        );
    });
  }
  unobserve() {}
  disconnect() {
    this.live = false;
  }
  takeRecords() {
    return [];
  }
}
Object.defineProperty(window, 'IntersectionObserver', {
  writable: true,
  configurable: true,
  value: InViewObserver,
});

// the first render of a lazy route transforms its modules: allow for it
configure({ asyncUtilTimeout: 15_000 });

afterEach(async () => {
  cleanup();
  // antd's static toasts and dialogs (shown by hooks rendered without <App>) live in roots of their
  // own with timers; close them before the file's environment is torn down, or a late render finds
  // no window.
  // act() runs the renders the closing schedules now, not after the file ends
  await act(async () => {
    staticMessage.destroy();
    notification.destroy();
    Modal.destroyAll();
  });
  window.localStorage.clear();
  window.sessionStorage.clear();
  viewport.width = 390;
});

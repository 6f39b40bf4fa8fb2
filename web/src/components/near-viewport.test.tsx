import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NearViewport } from './near-viewport';

/** jsdom has no layout: a stand-in for the browser's IntersectionObserver that the test drives. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  fire(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.all = [];
});

describe('NearViewport', () => {
  it('holds the place until it comes near the viewport, then mounts and stays mounted', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(
      <NearViewport minHeight={300}>
        <p>isi panel</p>
      </NearViewport>,
    );
    expect(screen.queryByText('isi panel')).toBeNull();
    const place = container.firstElementChild as HTMLElement;
    expect(place.style.minHeight).toBe('300px');
    const [observer] = FakeObserver.all;
    expect(observer!.observed).toEqual([place]);
    expect(observer!.options?.rootMargin).toBe('50% 0px');

    act(() => observer!.fire(false));
    expect(screen.queryByText('isi panel')).toBeNull();
    act(() => observer!.fire(true));
    expect(screen.getByText('isi panel')).toBeTruthy();
    expect(observer!.disconnected).toBe(true);
  });

  it('mounts at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <NearViewport minHeight={300}>
        <p>isi panel</p>
      </NearViewport>,
    );
    expect(screen.getByText('isi panel')).toBeTruthy();
  });
});

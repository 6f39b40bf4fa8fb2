import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { isSignedIn } from './storage';

export const UNSAVED_CHANGES = {
  title: 'Perubahan belum disimpan. Tinggalkan halaman ini?',
  leave: 'Tinggalkan',
  stay: 'Tetap di sini',
} as const;

/**
 * Asks before leaving a screen with unsaved input (typed values, a drawn signature, an open form):
 * in-app links, the menu and Back through React Router's blocker, reload and closing the tab
 * through the browser's own beforeunload prompt. Changing only the query (paging) is not leaving.
 * Call `allowNavigation()` right before navigating away on purpose (after a save).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { modal } = App.useApp();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !allowed.current &&
      // a session that ended (forced logout, 401) goes to /login: nothing can be saved any more
      isSignedIn() &&
      currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: UNSAVED_CHANGES.title,
      okText: UNSAVED_CHANGES.leave,
      okButtonProps: { danger: true },
      cancelText: UNSAVED_CHANGES.stay,
      onOk: () => blockerRef.current.proceed?.(),
      onCancel: () => blockerRef.current.reset?.(),
    });
    return () => dialog.destroy();
  }, [blocker.state, modal]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers show their prompt only when returnValue is set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    /** The next navigation is meant (a save finished): let it through without asking. */
    allowNavigation: useCallback(() => {
      allowed.current = true;
    }, []),
  };
}

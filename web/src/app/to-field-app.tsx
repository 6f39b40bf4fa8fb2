import { useEffect } from 'react';
import { FullPageSpin } from '../components/full-page-spin';
import { useDocumentTitle } from '../lib/route-meta';

/** Where tire men work: the field app (web/src/lapangan), served at /lapangan/. */
export const FIELD_APP_URL = '/lapangan/';

/**
 * A tire man who signs in to the back-office goes on to ITMS Lapangan, still signed in (both apps
 * keep the session under the same keys); the link is there if the browser does not follow.
 */
export function ToFieldApp() {
  useDocumentTitle('ITMS Lapangan');
  useEffect(() => window.location.replace(FIELD_APP_URL), []);
  return (
    <FullPageSpin
      text={
        <>
          Membuka ITMS Lapangan ... <a href={FIELD_APP_URL}>Buka ITMS Lapangan</a>
        </>
      }
    />
  );
}

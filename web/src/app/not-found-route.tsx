import { Result } from 'antd';
import { LinkButton } from '../components/link-button';
import { homeLinkOf, useDocumentTitle } from '../lib/route-meta';
import { getStoredUser } from '../lib/storage';
import { RequireSignIn, useSignedIn } from './guards';

export const NOT_FOUND_TEXT = 'Halaman tidak ditemukan';

function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TEXT);
  // signed in: the role's home (the workshop role has no Dashboard); signed out: '/' goes to /login
  const home = homeLinkOf(getStoredUser()?.role);
  return (
    <Result
      status="404"
      title="404"
      subTitle={NOT_FOUND_TEXT}
      extra={
        <LinkButton to={home.to} type="primary">
          {home.label}
        </LinkButton>
      }
    />
  );
}

/** Unknown paths: the 404 page, inside the layout when signed in. */
export default function NotFoundRoute() {
  const signedIn = useSignedIn();
  if (signedIn) {
    return (
      <RequireSignIn>
        <NotFoundPage />
      </RequireSignIn>
    );
  }
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <NotFoundPage />
    </div>
  );
}

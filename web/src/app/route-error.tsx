import { Button, Result } from 'antd';

/**
 * Shown when a screen throws or its code cannot be loaded (e.g. after a new deploy). Inside the
 * layout (`inLayout`) the menu and top bar stay, so the user can still go elsewhere.
 */
export default function RouteErrorPage({ inLayout = false }: { inLayout?: boolean }) {
  return (
    <div
      role="alert"
      style={{
        minHeight: inLayout ? 320 : '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Result
        status="error"
        title={inLayout ? 'Halaman ini gagal ditampilkan' : 'Oops...'}
        subTitle="Harap refresh page ini"
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Muat ulang
          </Button>
        }
      />
    </div>
  );
}

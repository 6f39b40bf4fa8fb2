import { Button, Result } from 'antd';

/** Last-resort screen when a page throws or its code cannot be loaded (e.g. after a new deploy). */
export default function RouteErrorPage() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="error"
        title="Oops..."
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

import { LogoutOutlined } from '@ant-design/icons';
import type { TSessionUser } from '@itms/contracts/auth';
import { Button, Result } from 'antd';
import { useDocumentTitle } from '../lib/route-meta';
import { useLogout } from './use-logout';

/** Tire men work in the field app; the back-office is for office staff (admin, EDP). */
export function FieldUserPage({ user }: { user: TSessionUser }) {
  const logout = useLogout();
  useDocumentTitle('Khusus staf kantor');
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
      }}
    >
      <Result
        status="info"
        title={`Halo, ${user.name}`}
        subTitle="Back-office ITMS khusus untuk staf kantor (Admin dan EDP). Akun Tire Man digunakan di aplikasi lapangan untuk pengecekan dan pergantian ban."
        extra={
          <Button
            type="primary"
            icon={<LogoutOutlined />}
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            Log Out
          </Button>
        }
      />
    </div>
  );
}

import { Result } from 'antd';
import { LinkButton } from '../components/link-button';

/** A screen the signed-in role may not open (e.g. Tire Man admin for staff). */
export function ForbiddenPage() {
  return (
    <Result
      status="403"
      title="Akses ditolak"
      subTitle="Anda tidak memiliki akses ke halaman ini."
      extra={
        <LinkButton to="/" type="primary">
          Kembali ke Dashboard
        </LinkButton>
      }
    />
  );
}

import { ToolOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useRouteMeta } from '../lib/route-meta';

/** Stand-in for a screen that a later issue builds: its title and a short note. */
export default function ScreenPlaceholder() {
  const meta = useRouteMeta();
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 24 }}>
        {meta?.title ?? 'Halaman'}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        <ToolOutlined /> Layar ini sedang dibangun dan akan segera tersedia.
      </Typography.Paragraph>
    </Card>
  );
}

import { FileSearchOutlined } from '@ant-design/icons';
import { Card, Result, Typography } from 'antd';
import { LinkButton } from '../../components/link-button';

/** /pengecekan without a chosen check: where to choose one. */
export function ChooseCheckPrompt() {
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 24 }}>
        Form Pengecekan
      </Typography.Title>
      <Result
        icon={<FileSearchOutlined style={{ color: '#1554c0' }} />}
        title="Belum ada pengecekan yang dipilih"
        subTitle="Pilih pengecekan dari daftar Validasi Pengecekan untuk membuka Form Pengecekan."
        extra={
          <LinkButton type="primary" to="/validasi">
            Pilih Pengecekan
          </LinkButton>
        }
      />
    </Card>
  );
}

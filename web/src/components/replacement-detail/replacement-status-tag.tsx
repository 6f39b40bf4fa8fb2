import { CheckCircleOutlined, ClockCircleOutlined } from '@ant-design/icons';
import type { DocStatus } from '@itms/contracts/enums';
import { Tag } from 'antd';

/** Riwayat Pergantian: pending in the negative colour, approved in the positive colour. */
export function ReplacementStatusTag({ status }: { status: DocStatus }) {
  return status === 'approved' ? (
    <Tag color="success" icon={<CheckCircleOutlined />} style={{ marginInlineEnd: 0 }}>
      Approved
    </Tag>
  ) : (
    <Tag color="error" icon={<ClockCircleOutlined />} style={{ marginInlineEnd: 0 }}>
      Pending
    </Tag>
  );
}

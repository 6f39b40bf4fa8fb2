import { CheckCircleOutlined, ClockCircleOutlined } from '@ant-design/icons';
import type { DocStatus } from '@itms/contracts/enums';
import { Tag } from 'antd';

/** Pending in the warning colour, approved in the success colour. */
export function CheckStatusTag({ status }: { status: DocStatus }) {
  return status === 'approved' ? (
    <Tag color="success" icon={<CheckCircleOutlined />} style={{ marginInlineEnd: 0 }}>
      Approved
    </Tag>
  ) : (
    <Tag color="warning" icon={<ClockCircleOutlined />} style={{ marginInlineEnd: 0 }}>
      Pending
    </Tag>
  );
}

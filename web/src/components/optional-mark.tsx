import type { FormProps } from 'antd';
import { Typography } from 'antd';

/** Form labels: optional fields say so in Indonesian (antd's id_ID locale says '(optional)'). */
export const optionalMark: FormProps['requiredMark'] = (label, { required }) => (
  <>
    {label}
    {required ? null : (
      <Typography.Text type="secondary" style={{ marginInlineStart: 4, fontWeight: 400 }}>
        (opsional)
      </Typography.Text>
    )}
  </>
);

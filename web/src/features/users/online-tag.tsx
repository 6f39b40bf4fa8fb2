import { Tag } from 'antd';

/** The Online column: live sessions show 'Login' in green, the others 'Tidak login' in grey. */
export function OnlineTag({ isLogin }: { isLogin: boolean }) {
  return isLogin ? (
    <Tag color="success" variant="filled">
      Login
    </Tag>
  ) : (
    <Tag color="default" variant="filled">
      Tidak login
    </Tag>
  );
}

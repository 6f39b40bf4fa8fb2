import { authEndpoints } from '@itms/contracts/api/auth';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { call, isApiError } from '../../lib/api-client';
import { errorText } from '../../lib/feedback';

export const WA_INVALID_TEXT = 'Tolong tulis nomor WA dengan benar';
export const WA_SENT_TEXT = 'mohon cek whatsapp anda';
/** Said for every well-formed number: the server does not tell whether an account has it. */
export const WA_SENT_DETAIL =
  'Jika nomor ini terdaftar pada akun ITMS, tautan untuk membuat password baru sudah dikirim ke WhatsApp tersebut.';

/** "Lupa password": a reset link is sent to the account's WhatsApp number. */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ phone: string }>();
  const send = useMutation({
    mutationFn: (phone: string) => call(authEndpoints.requestPasswordReset, { body: { phone } }),
    meta: { silent: true },
  });
  const close = () => {
    onClose();
    send.reset();
    form.resetFields();
  };
  // 400: a malformed number; 429 (too many requests) and the rest: the server's own message
  const failure =
    send.isError && (!isApiError(send.error) || send.error.status === 400 || send.error.status === 404)
      ? WA_INVALID_TEXT
      : send.isError
        ? errorText(send.error)
        : null;

  return (
    <Modal
      title="Lupa password"
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={
        send.isSuccess ? (
          <Button type="primary" onClick={close}>
            Tutup
          </Button>
        ) : (
          [
            <Button key="cancel" onClick={close}>
              Batal
            </Button>,
            <Button key="send" type="primary" loading={send.isPending} onClick={() => form.submit()}>
              Kirim
            </Button>,
          ]
        )
      }
    >
      {send.isSuccess ? (
        <Alert type="success" showIcon title={WA_SENT_TEXT} description={WA_SENT_DETAIL} />
      ) : (
        <>
          <p style={{ color: 'rgba(0, 0, 0, 0.55)', marginTop: 0 }}>
            Tulis nomor WhatsApp yang terdaftar pada akun Anda. Kami akan mengirim tautan untuk membuat
            password baru.
          </p>
          <Form
            form={form}
            layout="vertical"
            noValidate
            requiredMark={false}
            onFinish={({ phone }) => send.mutate(phone.trim())}
          >
            <Form.Item
              name="phone"
              label="Nomor WhatsApp"
              rules={[{ required: true, whitespace: true, message: WA_INVALID_TEXT }]}
            >
              <Input type="tel" inputMode="tel" placeholder="08xxxxxxxxx" autoComplete="tel" autoFocus />
            </Form.Item>
          </Form>
          {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
        </>
      )}
    </Modal>
  );
}

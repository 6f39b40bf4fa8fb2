import type { TSopEntry } from '@itms/contracts/master-data';
import { Alert, Button, Flex, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { NOT_SAVED, optionalMark, useAction, useConfirm } from '../../components/crud-page';
import { toast } from '../../lib/feedback';
import { SOP_KEY } from './api/get-sop';
import { type SopUpdate, updateSop } from './api/update-sop';
import { VIDEO_KIND_TEXT, videoSource } from './video-source';

/** Admins edit a procedure: title, video URL (a video file or an embeddable player), description. */
export function SopEditModal({ entry, onClose }: { entry: TSopEntry | null; onClose: () => void }) {
  const [form] = Form.useForm<SopUpdate>();
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const url = Form.useWatch('video_url', form) ?? '';
  const open = entry !== null;

  useEffect(() => {
    if (!entry) return;
    form.resetFields();
    form.setFieldsValue({ title: entry.title, video_url: entry.video_url, description: entry.description });
  }, [entry, form]);

  const close = () => {
    if (pending) return;
    if (form.isFieldsTouched()) toast().info(NOT_SAVED, 3);
    onClose();
  };

  const save = async (v: SopUpdate) => {
    if (!entry) return;
    const ok = await confirm({ title: 'Update SOP ini ?', content: v.title, okText: 'Update' });
    if (!ok) return;
    await run({
      request: () =>
        updateSop(entry.id, {
          title: v.title.trim(),
          video_url: (v.video_url ?? '').trim(),
          description: (v.description ?? '').trim(),
        }),
      invalidate: [SOP_KEY],
      form,
      onDone: onClose,
    });
  };

  const kind = videoSource(url).kind;

  return (
    <Modal
      open={open}
      title={`Ubah SOP${entry ? `: ${entry.title}` : ''}`}
      onCancel={close}
      width={680}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close} disabled={pending}>
            Keluar
          </Button>
          <Button type="primary" htmlType="submit" form="sop-edit" loading={pending}>
            Update
          </Button>
        </Flex>
      }
    >
      <Form<SopUpdate>
        form={form}
        id="sop-edit"
        layout="vertical"
        onFinish={save}
        disabled={pending}
        requiredMark={optionalMark}
        style={{ marginTop: 8 }}
      >
        <Form.Item
          name="title"
          label="Judul"
          rules={[{ required: true, whitespace: true, message: 'Judul wajib diisi' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="video_url"
          label="URL Video"
          extra="Alamat file video (.mp4, .webm) atau tautan YouTube / Vimeo / pemutar tersemat. Kosongkan bila belum ada."
          rules={[
            {
              pattern: /^https?:\/\/\S+$/i,
              message: 'URL video harus diawali http:// atau https://',
            },
          ]}
        >
          <Input placeholder="https://www.youtube.com/watch?v=..." inputMode="url" allowClear />
        </Form.Item>
        <Alert
          type={kind === 'none' ? 'info' : 'success'}
          showIcon
          title={`Tampilan: ${VIDEO_KIND_TEXT[kind]}`}
          style={{ marginBottom: 16 }}
        />
        <Form.Item name="description" label="Deskripsi">
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} maxLength={20_000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

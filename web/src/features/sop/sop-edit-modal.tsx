import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { BodyOf } from '@itms/contracts/endpoint';
import type { TSopEntry } from '@itms/contracts/master-data';
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { optionalMark } from '../../components/optional-mark';
import { toast } from '../../lib/feedback';
import { useAction, useConfirm } from '../../lib/use-action';
import { useCloseGuard } from '../../lib/use-close-guard';
import { VIDEO_KIND_TEXT, videoSource } from './video-source';

type SopUpdate = BodyOf<typeof API.updateSop>;

/** What the form edits: a procedure, or 'new' for one being added; null while closed. */
export type SopEditTarget = TSopEntry | 'new' | null;

/**
 * Admins add a procedure or edit one: title, video URL (a video file or an embeddable player),
 * description; an existing one also takes an uploaded video and can be removed.
 */
export function SopEditModal({ target, onClose }: { target: SopEditTarget; onClose: () => void }) {
  const [form] = Form.useForm<SopUpdate>();
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const url = Form.useWatch('video_url', form) ?? '';
  const open = target !== null;
  const entry = target === 'new' ? null : target;

  const { close, load } = useCloseGuard(form, onClose, { busy: pending });

  useEffect(() => {
    if (!target) return;
    load(
      target === 'new'
        ? undefined
        : { title: target.title, video_url: target.video_url, description: target.description },
    );
  }, [target, load]);

  const save = async (v: SopUpdate) => {
    const body = {
      title: v.title.trim(),
      video_url: (v.video_url ?? '').trim(),
      description: (v.description ?? '').trim(),
    };
    const ok = await confirm(
      entry
        ? { title: 'Update SOP ini ?', content: body.title, okText: 'Update' }
        : { title: 'Tambah SOP ini ?', content: body.title, okText: 'Simpan' },
    );
    if (!ok) return;
    await run({
      request: (send) =>
        entry ? send(API.updateSop, { params: { id: entry.id }, body }) : send(API.createSop, { body }),
      form,
      onDone: onClose,
    });
  };

  const remove = async () => {
    if (!entry) return;
    const ok = await confirm({
      title: 'Hapus SOP ini ?',
      content: `${entry.title} tidak lagi tampil di halaman SOP.`,
      okText: 'Hapus',
      danger: true,
    });
    if (!ok) return;
    await run({
      request: (send) => send(API.deleteSop, { params: { id: entry.id } }),
      onDone: onClose,
    });
  };

  const kind = videoSource(url).kind;
  const [videoPath, setVideoPath] = useState<string | null>(null);
  useEffect(() => setVideoPath(entry?.video_path ?? null), [entry]);

  return (
    <Modal
      open={open}
      title={entry ? `Ubah SOP: ${entry.title}` : 'Tambah SOP'}
      onCancel={close}
      width={680}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          {entry ? (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={remove}
              disabled={pending}
              style={{ marginInlineEnd: 'auto' }}
            >
              Hapus
            </Button>
          ) : null}
          <Button onClick={close} disabled={pending}>
            Keluar
          </Button>
          <Button type="primary" htmlType="submit" form="sop-edit" loading={pending}>
            {entry ? 'Update' : 'Simpan'}
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
          type={kind === 'none' && !videoPath ? 'info' : 'success'}
          showIcon
          title={
            videoPath ? 'Tampilan: video unggahan (diputar langsung)' : `Tampilan: ${VIDEO_KIND_TEXT[kind]}`
          }
          style={{ marginBottom: 16 }}
        />
        {entry ? (
          <VideoUpload entryId={entry.id} path={videoPath} onChange={setVideoPath} disabled={pending} />
        ) : (
          <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
            Video dapat diunggah setelah SOP disimpan (buka lagi dengan Ubah).
          </Typography.Paragraph>
        )}
        <Form.Item name="description" label="Deskripsi">
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} maxLength={20_000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const VIDEO_TYPES = ['video/mp4', 'video/webm'];

/** 'Video unggahan': an MP4/WebM file for the procedure, played from this server (it wins over the URL). */
function VideoUpload({
  entryId,
  path,
  onChange,
  disabled,
}: {
  entryId: number;
  path: string | null;
  onChange: (path: string | null) => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const confirm = useConfirm();
  const { run, pending } = useAction();

  const send = async (file: File) => {
    if (!VIDEO_TYPES.includes(file.type)) {
      toast().error('File harus berupa video MP4 atau WebM', 4);
      return;
    }
    await run({
      request: (send) => {
        const body = new FormData();
        body.append(API.uploadSopVideo.multipart, file, file.name);
        return send(API.uploadSopVideo, { params: { id: entryId }, body });
      },
      onDone: (reply) => onChange(reply.data.video_path),
    });
  };

  const remove = async () => {
    const ok = await confirm({ title: 'Hapus video unggahan ini ?', okText: 'Hapus', danger: true });
    if (!ok) return;
    await run({
      request: (send) => send(API.deleteSopVideo, { params: { id: entryId } }),
      onDone: () => onChange(null),
    });
  };

  return (
    <Form.Item
      label="Video unggahan"
      extra="MP4 atau WebM. Video unggahan diputar langsung dan menggantikan URL video di atas."
    >
      <Flex wrap gap={8} align="center">
        <input
          ref={input}
          type="file"
          accept="video/mp4,video/webm"
          hidden
          aria-label="Pilih file video"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void send(file);
          }}
        />
        <Button
          icon={<UploadOutlined />}
          loading={pending}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {path ? 'Ganti video' : 'Unggah video'}
        </Button>
        {path ? (
          <>
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }}>
              {path.split('/').pop()}
            </Typography.Text>
            <Button danger icon={<DeleteOutlined />} disabled={disabled || pending} onClick={remove}>
              Hapus video
            </Button>
          </>
        ) : (
          <Typography.Text type="secondary">Belum ada video unggahan</Typography.Text>
        )}
      </Flex>
    </Form.Item>
  );
}

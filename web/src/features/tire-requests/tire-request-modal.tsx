import { CheckCircleOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { TIRE_REQUEST_MESSAGES, type TTireRequest } from '@itms/contracts/tire-requests';
import { Alert, App, Button, Flex, Form, Modal, Spin, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { ImageZoom } from '../../components/image-zoom';
import { LateTag } from '../../components/late-tag';
import { LinkButton } from '../../components/link-button';
import { LOADING } from '../../components/page-frame';
import {
  TIRE_FORM_FIELDS,
  TireFormFields,
  type TireFormValues,
  tireFormBody,
  tireFormValues,
} from '../../components/tire-form-fields';
import { formatDateTime } from '../../lib/dayjs';
import { useAction, useConfirm } from '../../lib/use-action';
import { NOT_SAVED, useCloseGuard } from '../../lib/use-close-guard';
import { useEndpoint } from '../../lib/use-endpoint';

const FORM_ID = 'tire-request-form';
/** What the form is doing: a new request, or the request with this id. */
export type RequestEditing = { mode: 'add' } | { mode: 'edit'; id: number } | null;

/** Hides a disabled button's reason in a tooltip (a disabled button gets no hover events itself). */
function WithHint({ hint, children }: { hint: string | null; children: ReactNode }) {
  return hint ? (
    <Tooltip title={hint}>
      <span style={{ display: 'inline-flex' }}>{children}</span>
    </Tooltip>
  ) : (
    children
  );
}

/**
 * "Form Tambah Ban Baru" (Tambah, Keluar) and "Form Edit Ban Baru" (Hapus, Keluar, Update,
 * Submit). Submit approves the request into the tire database.
 */
export function TireRequestModal({ editing, onClose }: { editing: RequestEditing; onClose: () => void }) {
  const open = editing !== null;
  const adding = editing?.mode === 'add';
  const id = editing?.mode === 'edit' ? editing.id : null;
  const [form] = Form.useForm<TireFormValues>();
  const { modal, message } = App.useApp();
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const detail = useEndpoint(
    API.getTireRequest,
    { params: { id: id ?? 0 } },
    { enabled: id !== null, staleTime: 0 },
  );
  const record: TTireRequest | undefined = id !== null ? detail.data : undefined;
  const approved = record?.status === 'approved';

  const { close, load } = useCloseGuard(form, onClose, {
    busy: pending,
    notSaved: adding ? TIRE_REQUEST_MESSAGES.cancelled : NOT_SAVED,
  });

  useEffect(() => {
    if (open) load(record ? tireFormValues(record) : undefined);
  }, [open, record, load]);

  /** Add asks first; Batal answers 'Ban tidak ditambahkan'. */
  const confirmAdd = (serial: string) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: 'Tambah ban baru ?',
        content: `Permintaan ban ${serial} akan ditambahkan dan menunggu Submit ke database ban.`,
        okText: 'Tambah',
        cancelText: 'Batal',
        onOk: () => resolve(true),
        onCancel: () => {
          message.info(TIRE_REQUEST_MESSAGES.cancelled, 3);
          resolve(false);
        },
      });
    });

  const submitForm = async (values: TireFormValues) => {
    const body = tireFormBody(values);
    if (adding) {
      if (!(await confirmAdd(String(body.serial_number)))) return;
      await run({
        request: (send) => send(API.createTireRequest, { body }),
        form,
        fieldNames: TIRE_FORM_FIELDS,
        onDone: onClose,
      });
      return;
    }
    if (!record) return;
    const ok = await confirm({
      title: 'Update informasi ban ?',
      content: `Perubahan permintaan ban ${record.serial_number} akan disimpan.`,
      okText: 'Update',
    });
    if (!ok) return;
    await run({
      request: (send) => send(API.updateTireRequest, { params: { id: record.id }, body }),
      form,
      fieldNames: TIRE_FORM_FIELDS,
      onDone: onClose,
    });
  };

  const approve = async () => {
    if (!record) return;
    let values: TireFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    // unsaved edits are stored first, so that the tire gets what the form shows
    const body = tireFormBody(values);
    const stored = tireFormBody(tireFormValues(record));
    const changed = Object.keys(body).some((k) => body[k] !== stored[k]);
    const ok = await confirm({
      title: 'Submit ban ke database ?',
      content: (
        <>
          Ban <b>{values.serial_number}</b> akan masuk ke database ban dengan status UNINSTALLED (stok
          gudang).
          {changed ? ' Perubahan pada form disimpan terlebih dahulu.' : ''}
        </>
      ),
      okText: 'Submit',
    });
    if (!ok) return;
    await run({
      request: async (send) => {
        if (changed) await send(API.updateTireRequest, { params: { id: record.id }, body });
        return send(API.approveTireRequest, { params: { id: record.id } });
      },
      form,
      fieldNames: TIRE_FORM_FIELDS,
      onDone: onClose,
    });
  };

  const remove = async () => {
    if (!record) return;
    const ok = await confirm({
      title: 'Hapus permintaan ban ?',
      content: approved
        ? `Catatan permintaan ${record.serial_number} dihapus; ban yang sudah masuk database tetap ada.`
        : `Permintaan ban ${record.serial_number} akan dihapus.`,
      okText: 'Hapus',
      danger: true,
    });
    if (!ok) return;
    await run({
      request: (send) => send(API.deleteTireRequest, { params: { id: record.id } }),
      onDone: onClose,
    });
  };

  const loading = id !== null && !record;
  const lockedHint = approved ? TIRE_REQUEST_MESSAGES.alreadyApproved : null;
  const footer = adding ? (
    <Flex justify="end" gap={8}>
      <Button onClick={close} disabled={pending}>
        Keluar
      </Button>
      <Button type="primary" htmlType="submit" form={FORM_ID} icon={<PlusOutlined />} loading={pending}>
        Tambah
      </Button>
    </Flex>
  ) : (
    <Flex justify="space-between" gap={8} wrap>
      <Button danger icon={<DeleteOutlined />} onClick={remove} disabled={!record || pending}>
        Hapus
      </Button>
      <Flex gap={8} wrap justify="end">
        <Button onClick={close} disabled={pending}>
          Keluar
        </Button>
        <WithHint hint={lockedHint}>
          <Button
            htmlType="submit"
            form={FORM_ID}
            icon={<SaveOutlined />}
            disabled={!record || approved}
            loading={pending}
          >
            Update
          </Button>
        </WithHint>
        <WithHint hint={lockedHint}>
          <Button
            type="primary"
            icon={<CheckCircleOutlined />}
            onClick={approve}
            disabled={!record || approved}
            loading={pending}
          >
            Submit
          </Button>
        </WithHint>
      </Flex>
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={adding ? 'Form Tambah Ban Baru' : 'Form Edit Ban Baru'}
      onCancel={close}
      width={{ xs: '100%', md: 880, xl: 1000 }}
      destroyOnHidden
      mask={{ closable: false }}
      footer={footer}
    >
      {loading ? (
        <Flex vertical align="center" gap={8} style={{ padding: '32px 0' }}>
          <Spin />
          <Typography.Text type="secondary">{LOADING}</Typography.Text>
        </Flex>
      ) : null}
      {record ? (
        <Flex gap={8} wrap align="center" style={{ margin: '4px 0 8px' }}>
          <Tag color={approved ? 'green' : 'orange'}>{record.status}</Tag>
          <Typography.Text type="secondary">
            Diajukan {formatDateTime(record.performed_at)} · ID {record.id}
          </Typography.Text>
          <LateTag days={record.late_days} />
        </Flex>
      ) : null}
      {record ? (
        // the photo the tire man had to take: the EDP compares it with the serial before Submit
        <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
          <ImageZoom
            path={record.serial_number_img}
            alt={`Foto nomor seri ${record.serial_number}`}
            width={160}
            height={120}
          />
          <Typography.Text type="secondary" style={{ flex: '1 1 200px' }}>
            Foto nomor seri dari lapangan. Cocokkan dengan Nomor Seri (S/N) sebelum Submit.
          </Typography.Text>
        </Flex>
      ) : null}
      {approved && record ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          title="Permintaan sudah disetujui: ban sudah ada di database ban."
          action={
            <LinkButton
              size="small"
              to={`/tire?searchBy=serial_number&q=${encodeURIComponent(record.serial_number)}`}
            >
              Lihat di List Ban
            </LinkButton>
          }
        />
      ) : null}
      <Form
        form={form}
        id={FORM_ID}
        layout="vertical"
        onFinish={submitForm}
        disabled={pending || approved}
        scrollToFirstError
        style={{ display: loading ? 'none' : undefined }}
      >
        <TireFormFields />
      </Form>
    </Modal>
  );
}

import { DeleteOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import {
  TARGET_SCOPE_LABELS,
  TARGET_SCOPES,
  type TStoringTarget,
  type TStoringTargetBody,
  type TTargetScope,
} from '@itms/contracts/storing';
import {
  Button,
  Flex,
  Form,
  InputNumber,
  Modal,
  Radio,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { LoadError } from '../../components/load-error';
import { CustomerField, ProjectField } from '../../components/org-fields';
import { formatDateTime } from '../../lib/dayjs';
import { useAction, useConfirm } from '../../lib/use-action';
import { useEndpoint } from '../../lib/use-endpoint';

/** '45 menit', '2 jam', '1 jam 30 menit'. */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} jam` : '', m || !h ? `${m} menit` : ''].filter(Boolean).join(' ');
}

type FormValues = TStoringTargetBody;

/**
 * 'Target waktu' (issue 38, item 2): how fast calls should be served, by default and per customer or
 * project (a project's wins over its customer's, which wins over the default). Everyone in the
 * office reads them; an admin sets and removes them.
 */
export function TargetsModal({
  open,
  onClose,
  canEdit,
}: {
  open: boolean;
  onClose: () => void;
  canEdit: boolean;
}) {
  const targets = useEndpoint(API.listStoringTargets, {}, { enabled: open });
  const [form] = Form.useForm<FormValues>();
  const scope = Form.useWatch('scope', form) as TTargetScope | undefined;
  const { run, pending } = useAction();
  const confirm = useConfirm();

  const remove = async (t: TStoringTarget) => {
    const ok = await confirm({
      title: `Hapus target ${t.name ?? TARGET_SCOPE_LABELS.default} ?`,
      content:
        t.scope === 'default'
          ? 'Panggilan tanpa target customer atau project tidak lagi diukur.'
          : 'Panggilannya kembali diukur dengan target customer atau target bawaan.',
      okText: 'Hapus',
      danger: true,
    });
    if (ok) await run({ request: (send) => send(API.deleteStoringTarget, { params: { id: t.id } }) });
  };

  const columns: TableColumnsType<TStoringTarget> = [
    {
      key: 'scope',
      title: 'Berlaku untuk',
      render: (_v, t) =>
        t.scope === 'default' ? TARGET_SCOPE_LABELS.default : `${TARGET_SCOPE_LABELS[t.scope]}: ${t.name}`,
    },
    { key: 'response', title: 'Respons', render: (_v, t) => minutesText(t.response_minutes) },
    { key: 'roll', title: 'Roll time', render: (_v, t) => minutesText(t.roll_minutes) },
    { key: 'updated', title: 'Diubah', render: (_v, t) => formatDateTime(t.updated_at) },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Aksi',
            render: (_v: unknown, t: TStoringTarget) => (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Hapus target ${t.name ?? TARGET_SCOPE_LABELS.default}`}
                disabled={pending}
                onClick={() => void remove(t)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="Target waktu storing"
      footer={null}
      width={760}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          Respons: dari panggilan sampai tire man tiba. Roll time: dari panggilan sampai unit jalan lagi
          (Selesai). Target project menggantikan target customer, dan target customer menggantikan target
          bawaan.
        </Typography.Text>
        {targets.isError ? (
          <LoadError error={targets.error} onRetry={() => targets.refetch()} retrying={targets.isFetching} />
        ) : (
          <Table<TStoringTarget>
            aria-label="Target storing"
            rowKey="id"
            size="small"
            pagination={false}
            loading={targets.isFetching}
            columns={columns}
            dataSource={targets.data?.data ?? []}
            locale={{ emptyText: 'Belum ada target: panggilan belum diukur' }}
            scroll={{ x: 'max-content' }}
          />
        )}
        {canEdit && (
          <Form<FormValues>
            form={form}
            layout="vertical"
            initialValues={{ scope: 'default' }}
            onFinish={(v) =>
              void run({
                request: (send) => send(API.saveStoringTarget, { body: v }),
                form,
                onDone: () => form.resetFields(),
              })
            }
          >
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              Atur target
            </Typography.Title>
            <Form.Item name="scope" label="Berlaku untuk">
              <Radio.Group
                options={TARGET_SCOPES.map((s) => ({ value: s, label: TARGET_SCOPE_LABELS[s] }))}
              />
            </Form.Item>
            {scope === 'customer' && <CustomerField placeholder="Ketik nama customer" />}
            {scope === 'project' && <ProjectField placeholder="Ketik nama project" />}
            <Flex gap={12} wrap>
              <Form.Item
                name="response_minutes"
                label="Target respons (menit)"
                rules={[{ required: true, message: 'Target respons wajib diisi' }]}
                style={{ flex: '1 1 180px' }}
              >
                <InputNumber<number>
                  min={5}
                  max={1440}
                  precision={0}
                  style={{ width: '100%' }}
                  placeholder="45"
                />
              </Form.Item>
              <Form.Item
                name="roll_minutes"
                label="Target roll time (menit)"
                rules={[{ required: true, message: 'Target roll time wajib diisi' }]}
                style={{ flex: '1 1 180px' }}
              >
                <InputNumber<number>
                  min={10}
                  max={2880}
                  precision={0}
                  style={{ width: '100%' }}
                  placeholder="120"
                />
              </Form.Item>
            </Flex>
            <Button type="primary" htmlType="submit" disabled={pending}>
              Simpan target
            </Button>
          </Form>
        )}
      </Flex>
    </Modal>
  );
}

import {
  CheckCircleFilled,
  CloseCircleFilled,
  DownloadOutlined,
  FileExcelOutlined,
  InboxOutlined,
} from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { ImportKind, TImportPreview, TImportPreviewRow } from '@itms/contracts/master-data';
import { IMPORT_MAX_BYTES } from '@itms/contracts/master-data';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Flex,
  Modal,
  Progress,
  Segmented,
  Spin,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call, callWithProgress, download } from '../lib/api-client';
import { showApiError, showErrorDialog, toast } from '../lib/feedback';
import { useConfirm } from '../lib/use-action';
import { invalidateAfter } from '../lib/write';

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
const NOUN: Record<ImportKind, string> = { units: 'unit', tires: 'ban' };

/** Column titles of the preview; unknown columns show their own name. */
export const IMPORT_COLUMN_LABELS: Record<string, string> = {
  plate_number: 'Nomor Polisi',
  unit_type: 'Tipe Unit',
  project: 'Project',
  tonnage: 'Tonase',
  handled_date: 'Tanggal Handle',
  plan_project: 'Plan Project',
  serial_number: 'Nomor Seri',
  ir_brand: 'Merk IR',
  ori_brand: 'Merk',
  pattern: 'Pattern',
  size: 'Ukuran',
  is_original: 'Kondisi',
  pressure: 'PSI',
  odometer: 'Odometer',
  status: 'Status',
};

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** The three operations of each import kind. */
const IMPORT_OPS = {
  units: {
    preview: API.previewUnitImport,
    commit: API.commitUnitImport,
    template: API.downloadUnitImportTemplate,
  },
  tires: {
    preview: API.previewTireImport,
    commit: API.commitTireImport,
    template: API.downloadTireImportTemplate,
  },
} as const satisfies Record<ImportKind, unknown>;

export interface ImportModalProps {
  open: boolean;
  kind: ImportKind;
  title: string;
  onClose: () => void;
}

type Progressing = { percent: number; stage: string; status: 'active' | 'success' | 'exception' };

/**
 * Import from an XLSX or CSV file: the server checks every row first (preview, nothing written),
 * the rows with problems are highlighted, and only a file without problems can be imported, in one
 * transaction, with a progress bar.
 */
export function ImportModal({ open, kind, title, onClose }: ImportModalProps) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const creep = useRef<ReturnType<typeof setInterval> | null>(null);
  const confirm = useConfirm();
  const noun = NOUN[kind];
  const committing = progress?.status === 'active';

  const stopCreep = useCallback(() => {
    if (creep.current) clearInterval(creep.current);
    creep.current = null;
  }, []);
  useEffect(() => stopCreep, [stopCreep]);
  useEffect(() => {
    if (open) return;
    setFile(null);
    setPreview(null);
    setProgress(null);
    setChecking(false);
    stopCreep();
  }, [open, stopCreep]);

  const check = async (chosen: File) => {
    if (chosen.size > IMPORT_MAX_BYTES) {
      showErrorDialog({ text: `Ukuran file melebihi ${Math.round(IMPORT_MAX_BYTES / 1024 / 1024)} MB` });
      return;
    }
    setFile(chosen);
    setPreview(null);
    setProgress(null);
    setChecking(true);
    try {
      const result = await call(IMPORT_OPS[kind].preview, { body: fileForm(chosen) });
      setPreview(result);
      setOnlyProblems(result.invalid > 0);
    } catch (err) {
      setFile(null);
      showApiError(err);
    } finally {
      setChecking(false);
    }
  };

  const commit = async () => {
    if (!file || !preview) return;
    const ok = await confirm({
      title: `Impor ${preview.valid} ${noun} ?`,
      content: `Semua baris file ${file.name} akan disimpan sekaligus.`,
      okText: 'Impor',
    });
    if (!ok) return;
    setProgress({ percent: 0, stage: 'Mengunggah file ...', status: 'active' });
    let saving = false;
    try {
      const reply = await callWithProgress(IMPORT_OPS[kind].commit, { body: fileForm(file) }, (f) => {
        if (saving) return;
        if (f < 1) {
          setProgress({ percent: Math.round(f * 40), stage: 'Mengunggah file ...', status: 'active' });
          return;
        }
        // the server writes everything in one transaction: no step to report, so the bar eases
        // towards the end while it works
        saving = true;
        setProgress({ percent: 40, stage: 'Menyimpan ke database ...', status: 'active' });
        creep.current = setInterval(() => {
          setProgress((p) =>
            p && p.status === 'active'
              ? { ...p, percent: Math.min(95, p.percent + (95 - p.percent) * 0.08) }
              : p,
          );
        }, 200);
      });
      stopCreep();
      setProgress({ percent: 100, stage: reply.message, status: 'success' });
      toast().success(reply.message, 3);
      // the lists the import filled, as its operation declares
      void invalidateAfter(queryClient, [IMPORT_OPS[kind].commit]);
      setTimeout(onClose, 700);
    } catch (err) {
      stopCreep();
      setProgress((p) => ({
        percent: p?.percent ?? 0,
        stage: 'Impor gagal, tidak ada data yang disimpan',
        status: 'exception',
      }));
      showApiError(err);
      // the database may have changed since the preview: check the file again
      void check(file);
    }
  };

  const rows = useMemo(
    () => (preview ? (onlyProblems ? preview.rows.filter((r) => r.problems.length > 0) : preview.rows) : []),
    [preview, onlyProblems],
  );

  const columns: TableColumnsType<TImportPreviewRow> = useMemo(
    () => [
      { key: 'row', dataIndex: 'row', title: 'Baris', width: 64 },
      {
        key: 'problems',
        title: 'Masalah',
        render: (_: unknown, r: TImportPreviewRow) =>
          r.problems.length === 0 ? (
            <Typography.Text type="success">
              <CheckCircleFilled /> OK
            </Typography.Text>
          ) : (
            <ul
              // the table is as wide as its content: a cap lets long problems wrap on a phone
              style={{
                margin: 0,
                paddingInlineStart: 0,
                listStyle: 'none',
                whiteSpace: 'normal',
                maxWidth: 'min(420px, 60vw)',
              }}
              aria-label={`Masalah baris ${r.row}`}
            >
              {r.problems.map((p) => (
                <li key={p} style={{ color: '#cf1322' }}>
                  <CloseCircleFilled style={{ marginInlineEnd: 6 }} />
                  {p}
                </li>
              ))}
            </ul>
          ),
      },
      ...(preview?.columns ?? []).map((c) => ({
        key: c,
        title: IMPORT_COLUMN_LABELS[c] ?? c,
        render: (_: unknown, r: TImportPreviewRow) =>
          r.values[c] || <Typography.Text type="secondary">-</Typography.Text>,
      })),
    ],
    [preview],
  );

  const blocked = !preview
    ? 'Pilih file terlebih dahulu'
    : preview.invalid > 0
      ? 'Perbaiki baris yang bermasalah di file, lalu unggah ulang'
      : preview.valid === 0
        ? 'File tidak berisi baris data'
        : null;

  const importButton = (
    <Button type="primary" onClick={commit} disabled={Boolean(blocked) || checking} loading={committing}>
      {preview && preview.valid > 0 && !preview.invalid ? `Impor ${preview.valid} ${noun}` : 'Impor'}
    </Button>
  );

  return (
    <Modal
      open={open}
      title={title}
      onCancel={committing ? undefined : onClose}
      closable={!committing}
      mask={{ closable: false }}
      width={980}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onClose} disabled={committing}>
            Keluar
          </Button>
          {blocked ? <Tooltip title={blocked}>{importButton}</Tooltip> : importButton}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">
            Unggah file XLSX atau CSV sesuai template. Tidak ada data yang disimpan sebelum semua baris benar.
          </Typography.Text>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            style={{ paddingInline: 0 }}
            onClick={() =>
              download(IMPORT_OPS[kind].template, {}, `template-import-${noun}.xlsx`).catch(showApiError)
            }
          >
            Unduh template
          </Button>
        </Flex>
        <Upload.Dragger
          accept={ACCEPT}
          multiple={false}
          showUploadList={false}
          disabled={checking || committing}
          beforeUpload={(f) => {
            void check(f);
            return Upload.LIST_IGNORE;
          }}
          style={{ padding: '4px 8px' }}
        >
          <p style={{ fontSize: 30, margin: 0, color: '#1554c0' }}>
            {file ? <FileExcelOutlined /> : <InboxOutlined />}
          </p>
          <p style={{ margin: '4px 0' }}>
            {file ? (
              <>
                <strong>{file.name}</strong> — klik atau seret file lain untuk mengganti
              </>
            ) : (
              'Klik atau seret file XLSX / CSV ke sini'
            )}
          </p>
        </Upload.Dragger>

        {checking ? (
          <Flex justify="center" gap={8} style={{ padding: 16 }}>
            <Spin size="small" />
            <Typography.Text type="secondary">Memeriksa file ...</Typography.Text>
          </Flex>
        ) : null}

        {progress ? (
          <div role="status" aria-live="polite">
            <Typography.Text>{progress.stage}</Typography.Text>
            <Progress
              percent={Math.round(progress.percent)}
              status={progress.status}
              aria-label="Kemajuan impor"
            />
          </div>
        ) : null}

        {preview && !checking ? (
          <>
            {preview.invalid > 0 ? (
              <Alert
                type="error"
                showIcon
                title={`${preview.invalid} dari ${preview.rows.length} baris bermasalah`}
                description="Perbaiki baris yang ditandai merah di file, lalu unggah ulang. Impor hanya bisa dilakukan bila semua baris benar."
              />
            ) : preview.valid > 0 ? (
              <Alert type="success" showIcon title={`Semua ${preview.valid} baris siap diimpor`} />
            ) : (
              <Alert type="warning" showIcon title="File tidak berisi baris data" />
            )}
            {preview.ignoredColumns.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                title={`Kolom diabaikan: ${preview.ignoredColumns.join(', ')}`}
              />
            ) : null}
            {preview.invalid > 0 ? (
              <Segmented<'problems' | 'all'>
                value={onlyProblems ? 'problems' : 'all'}
                onChange={(v) => setOnlyProblems(v === 'problems')}
                options={[
                  { value: 'problems', label: `Bermasalah (${preview.invalid})` },
                  { value: 'all', label: `Semua baris (${preview.rows.length})` },
                ]}
                style={{ alignSelf: 'flex-start' }}
              />
            ) : null}
            <Table<TImportPreviewRow>
              aria-label="Pratinjau impor"
              rowKey="row"
              size="small"
              columns={columns}
              dataSource={rows}
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
              onRow={(r) => ({ style: r.problems.length ? { background: '#fff1f0' } : undefined })}
              locale={{ emptyText: 'Tidak ada data' }}
            />
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}

import { EditOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { SIGNATURE_PAD_CHECK } from '@itms/contracts/constants';
import { App, Button, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useWrite } from '../../lib/write';
import { SignaturePadModal } from '../signature-pad-modal';

/**
 * 'Tambah TTD PIC': the office records the signature of a PIC who was not on site when the check was
 * done (PATCH /tire-check/picSign, audited): the PIC's name first, then the signature on the pad.
 */
export function AddPicSign({ checkId }: { checkId: number }) {
  const { message } = App.useApp();
  const [asking, setAsking] = useState(false);
  const [padOpen, setPadOpen] = useState(false);
  const [name, setName] = useState('');
  const save = useWrite(
    API.signTireCheckPic,
    (picSign: string) => ({ params: { id: checkId }, body: { pic_sign: picSign, pic_name: name.trim() } }),
    { onSuccess: () => void message.success('Tanda tangan PIC tersimpan', 3) },
  );
  const named = name.trim().length > 0;

  return (
    <>
      <Button size="small" icon={<EditOutlined />} loading={save.isPending} onClick={() => setAsking(true)}>
        Tambah TTD PIC
      </Button>
      <Modal
        open={asking}
        title="Tambah tanda tangan PIC"
        okText="Lanjut tanda tangan"
        cancelText="Batal"
        okButtonProps={{ disabled: !named }}
        onOk={() => {
          setAsking(false);
          setPadOpen(true);
        }}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            PIC tidak di tempat saat pengecekan? Catat tanda tangannya di sini; perubahan ini tercatat di log
            audit.
          </Typography.Text>
          <label htmlFor="pic-name">Nama PIC</label>
          <Input
            id="pic-name"
            value={name}
            maxLength={120}
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => {
              if (!named) return;
              setAsking(false);
              setPadOpen(true);
            }}
          />
        </Flex>
      </Modal>
      <SignaturePadModal
        open={padOpen}
        width={SIGNATURE_PAD_CHECK.width}
        height={SIGNATURE_PAD_CHECK.height}
        title={`Tanda Tangan PIC (${name.trim()})`}
        onSubmit={(path) => {
          setPadOpen(false);
          save.mutate(path);
        }}
        onCancel={() => setPadOpen(false)}
      />
    </>
  );
}

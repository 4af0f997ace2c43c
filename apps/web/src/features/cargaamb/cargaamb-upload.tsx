import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, List, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { cargaAmbApi, cargaAmbKeys } from './cargaamb-api.ts';

type Errores = { message: string; lines: string[]; total: number };

/** The refusal of a file: the server's message and the errors of each row (at most the first 200). */
function ErroresArchivo({ errores }: { errores: Errores }) {
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginTop: 16 }}
      title={errores.message}
      description={
        errores.lines.length > 0 && (
          <List
            size="small"
            dataSource={errores.lines}
            renderItem={(l) => <List.Item style={{ paddingInline: 0 }}>{l}</List.Item>}
            footer={
              errores.total > errores.lines.length
                ? `… y ${errores.total - errores.lines.length} errores más.`
                : undefined
            }
            style={{ maxHeight: 260, overflowY: 'auto' }}
          />
        )
      }
    />
  );
}

/** Supervisor's upload of the ambulatory records of a load (.csv only; all rows or none). */
export function UploadCargaAmb({
  idTramite,
  idCarga,
  open,
  onClose,
}: {
  idTramite: number;
  idCarga: number;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const [file, setFile] = useState<File | null>(null);
  const [errores, setErrores] = useState<Errores | null>(null);
  const upload = useEnvio({
    mutationFn: async () => {
      const form = new FormData();
      if (idCarga) form.append('idCarga', String(idCarga));
      form.append('archivo', file!);
      return cargaAmbApi(idTramite).upload(form);
    },
    onSuccess: (res) => {
      feedback.success(res.mensaje);
      setFile(null);
      setErrores(null);
      void queryClient.invalidateQueries({ queryKey: cargaAmbKeys.all(idTramite) });
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError)
        setErrores({ message: e.message, lines: e.detalles, total: e.totalDetalles });
      else setErrores({ message: e.message, lines: [], total: 0 });
    },
  });
  return (
    <>
      {feedback.contextHolder}
      <Modal
        open={open}
        title="Cargar atenciones ambulatorias (.csv)"
        okText="Cargar"
        cancelText="Cancelar"
        okButtonProps={{ disabled: !file }}
        confirmLoading={upload.isPending}
        cancelButtonProps={{ disabled: upload.isPending }}
        closable={!upload.isPending}
        onCancel={() => !upload.isPending && onClose()}
        onOk={() => file && !upload.isPending && upload.mutate()}
        width={720}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          Archivo .csv separado por punto y coma (;) o coma, con encabezado: numero, nombrePaciente, cedula,
          tipo, fecha, horaDesde, horaHasta, motivo, diag1 … diag5, laboratorio01 … laboratorio10, imagen01 …
          imagen10. Si una fila tiene errores no se guarda ninguna.
        </Typography.Paragraph>
        <Upload
          accept=".csv,text/csv"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setErrores(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />}>Seleccionar archivo .csv</Button>
        </Upload>
        {errores && <ErroresArchivo errores={errores} />}
      </Modal>
    </>
  );
}

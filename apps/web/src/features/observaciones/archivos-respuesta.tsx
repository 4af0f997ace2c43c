import { UploadOutlined } from '@ant-design/icons';
import { MSG_OBSERVACION } from '@app/domain/observaciones/messages';
import { Button, Card, Flex, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { useEnvio } from '../../lib/use-envio.ts';
import { obsApi } from './observaciones-api.ts';

type Feedback = ReturnType<typeof useFeedback>;

/**
 * Supporting documents for the observed attention while answering (issue 13 item 4): PDF, JPEG or
 * PNG through the ordinary sheet-file checks of the API (content, size, duplicates).
 */
export function ArchivosRespuesta({ idPlanilla, feedback }: { idPlanilla: number; feedback: Feedback }) {
  const [lista, setLista] = useState<UploadFile[]>([]);
  const subir = useEnvio({
    mutationFn: () =>
      obsApi.archivos(
        idPlanilla,
        lista.map((f) => f.originFileObj as File),
      ),
    onSuccess: (r) => {
      const dup =
        r.archivosDuplicados.length > 0
          ? ` Duplicados (no cargados): ${r.archivosDuplicados.join(', ')}.`
          : '';
      feedback.success(`${r.mensaje}${dup}`);
      setLista([]);
    },
    onError: (e: Error) => feedback.errorDialog(MSG_OBSERVACION.errorRespuesta, e.message),
  });
  return (
    <Card variant="borderless" title="Documentos de sustento">
      <Flex vertical gap={12} style={{ maxWidth: 720 }}>
        <Typography.Text type="secondary">
          Puede adjuntar documentos (PDF, JPEG o PNG) a la atención observada para sustentar su respuesta.
        </Typography.Text>
        <Upload
          multiple
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          fileList={lista}
          beforeUpload={() => false}
          onChange={({ fileList }) => setLista(fileList)}
        >
          <Button icon={<UploadOutlined aria-hidden />}>Seleccionar documentos</Button>
        </Upload>
        <div>
          <Button
            type="primary"
            disabled={lista.length === 0}
            loading={subir.isPending}
            onClick={() => subir.mutate()}
          >
            Adjuntar documentos
          </Button>
        </div>
      </Flex>
    </Card>
  );
}

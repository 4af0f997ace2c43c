import { FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { AYUDA_FORMATOS, BYTES_DETECCION, detectarFormato, NOMBRE_FORMATO } from '@app/domain/cargas/formato';
import { MSG_CARGA } from '@app/domain/cargas/messages';
import type { FormatoDatos } from '@app/domain/cargas/rules';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Progress, Result, Tag, Typography, Upload } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { tramiteKeys } from '../tramites/tramites-api.ts';
import { ACCEPT_DATOS, clampPct, formatFileSize, resultadoSubida, velocidadTexto } from './carga-rules.ts';
import { cargaKeys, cargasApi, type SubidaCampos } from './cargas-api.ts';

export type UploadModalProps = {
  open: boolean;
  idTramite: number;
  title: string;
  /** The period the load covers, shown to the user (dd/MM/yyyy – dd/MM/yyyy). */
  periodoTexto?: string;
  campos?: SubidaCampos;
  onClose: () => void;
  /** Opens the errors of the finished load. */
  onVerErrores?: (idCarga: number) => void;
};

type Fase =
  | { tipo: 'seleccion' }
  | { tipo: 'enviando' }
  | { tipo: 'procesando'; idCarga: number }
  | { tipo: 'fallo'; mensaje: string };

/**
 * Upload of a data file: JSON / CSV plano / Excel/CSV tabs, then the background ingest's progress
 * (percentage and rows per second, polled every second) and its result. Cannot be started twice and
 * cannot be closed while the file is on its way.
 */
export function UploadModal({
  open,
  idTramite,
  title,
  periodoTexto,
  campos,
  onClose,
  onVerErrores,
}: UploadModalProps) {
  const queryClient = useQueryClient();
  const [formato, setFormato] = useState<FormatoDatos | null>(null);
  const [archivo, setArchivo] = useState<File | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const [fase, setFase] = useState<Fase>({ tipo: 'seleccion' });
  const startedRef = useRef(false);

  const idCarga = fase.tipo === 'procesando' ? fase.idCarga : null;
  const progreso = useQuery({
    queryKey: cargaKeys.one(idCarga ?? 0),
    queryFn: ({ signal }) => cargasApi.get(idCarga ?? 0, signal),
    enabled: idCarga !== null,
    refetchInterval: (q) => (q.state.data?.estadoProceso === 'PROCESANDO' || !q.state.data ? 1000 : false),
    retry: 3,
    staleTime: 0,
  });
  const carga = progreso.data;
  const terminado = !!carga && carga.estadoProceso !== 'PROCESANDO';
  const ocupado = fase.tipo === 'enviando' || (fase.tipo === 'procesando' && !terminado && !progreso.isError);

  // The load list and the procedure (its state, counts) change once the ingest ends.
  useEffect(() => {
    if (!terminado) return;
    void queryClient.invalidateQueries({ queryKey: cargaKeys.all });
    void queryClient.invalidateQueries({ queryKey: tramiteKeys.all });
  }, [terminado, queryClient]);

  function reset() {
    setArchivo(null);
    setFormato(null);
    setAviso(null);
    setFase({ tipo: 'seleccion' });
    startedRef.current = false;
  }

  function close() {
    if (ocupado) return;
    reset();
    onClose();
  }

  async function start() {
    if (startedRef.current) return;
    if (!archivo) {
      setAviso(MSG_TRAMITE.sinArchivo);
      return;
    }
    if (!formato) {
      setAviso(MSG_CARGA.formatoNoReconocido);
      return;
    }
    startedRef.current = true;
    setAviso(null);
    setFase({ tipo: 'enviando' });
    try {
      const res = await cargasApi.subir(idTramite, archivo, campos);
      void queryClient.invalidateQueries({ queryKey: cargaKeys.all });
      setFase({ tipo: 'procesando', idCarga: res.idCarga });
    } catch (e) {
      setFase({ tipo: 'fallo', mensaje: errorMessage(e, MSG_TRAMITE.errorDesconocido) });
      startedRef.current = false;
    }
  }

  // The format is read from the file's first bytes, as the server will (issue 14 §4: no format tab
  // to pick, a CSV dropped anywhere is a CSV).
  async function elegir(file: File) {
    setArchivo(file);
    const f = detectarFormato(new Uint8Array(await file.slice(0, BYTES_DETECCION).arrayBuffer()));
    setFormato(f);
    setAviso(f ? null : MSG_CARGA.formatoNoReconocido);
  }

  const seleccion = (
    <Flex vertical gap={12}>
      <Upload.Dragger
        accept={ACCEPT_DATOS}
        multiple={false}
        maxCount={1}
        fileList={
          archivo
            ? [{ uid: 'archivo', name: `${archivo.name} (${formatFileSize(archivo.size)})`, status: 'done' }]
            : []
        }
        beforeUpload={(file) => {
          void elegir(file);
          return false;
        }}
        onRemove={() => {
          reset();
          return true;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">Haga clic o arrastre aquí el archivo de datos</p>
        <p className="ant-upload-hint">JSON, CSV o Excel (.xlsx): el formato se reconoce por su contenido.</p>
      </Upload.Dragger>
      {archivo && formato && (
        <Typography.Text data-testid="formato-detectado">
          Formato reconocido: <Tag color="blue">{NOMBRE_FORMATO[formato]}</Tag>
        </Typography.Text>
      )}
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {AYUDA_FORMATOS.map((a) => (
          <li key={a.formato}>
            <Typography.Text type="secondary">
              <strong>{NOMBRE_FORMATO[a.formato]}</strong>: {a.ayuda}.
            </Typography.Text>
          </li>
        ))}
      </ul>
    </Flex>
  );

  let body: ReactNode;
  let footer: ReactNode;
  if (fase.tipo === 'seleccion') {
    body = (
      <>
        {periodoTexto && (
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            Período de la carga: <strong>{periodoTexto}</strong>
          </Typography.Paragraph>
        )}
        {seleccion}
        {aviso && <Alert type="error" showIcon title={aviso} style={{ marginTop: 12 }} role="alert" />}
      </>
    );
    footer = (
      <Flex justify="space-between" align="center" wrap gap={8}>
        <a href="/manual-datos" target="_blank" rel="noopener">
          <FileTextOutlined aria-hidden /> Manual técnico del archivo de datos
        </a>
        <Flex gap={8}>
          <Button onClick={close}>Cancelar</Button>
          <Button type="primary" onClick={() => void start()}>
            Cargar archivo
          </Button>
        </Flex>
      </Flex>
    );
  } else if (fase.tipo === 'fallo') {
    body = <Result status="error" title={MSG_TRAMITE.errorCarga} subTitle={fase.mensaje} />;
    footer = (
      <Flex justify="flex-end" gap={8}>
        <Button onClick={close}>Cerrar</Button>
        <Button type="primary" onClick={reset}>
          Elegir otro archivo
        </Button>
      </Flex>
    );
  } else if (!terminado) {
    const pct = fase.tipo === 'enviando' ? 0 : clampPct(carga?.progreso);
    const velocidad = velocidadTexto(carga?.filasPorSegundo);
    body = (
      <Flex vertical gap={8} style={{ padding: '16px 0' }} aria-live="polite">
        <Typography.Text strong>
          {fase.tipo === 'enviando' ? 'Enviando el archivo…' : 'Procesando el archivo…'}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
          {archivo?.name}
        </Typography.Text>
        <Progress percent={pct} status="active" aria-label="Progreso de la carga" />
        <Flex justify="space-between">
          <Typography.Text type="secondary">
            {fase.tipo === 'procesando' ? `Carga ${fase.idCarga}` : ''}
          </Typography.Text>
          <Typography.Text type="secondary">{velocidad}</Typography.Text>
        </Flex>
        {progreso.isError && (
          <Alert
            type="warning"
            showIcon
            title="No se pudo consultar el avance de la carga. El procesamiento continúa; puede cerrar y revisar la lista de cargas."
          />
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          El archivo se valida fila por fila; no cierre esta ventana hasta que termine.
        </Typography.Text>
      </Flex>
    );
    footer = (
      <Button onClick={close} disabled={ocupado}>
        Cerrar
      </Button>
    );
  } else {
    const r = resultadoSubida(carga);
    body = <Result status={r.tipo} title={r.titulo} subTitle={r.mensaje} />;
    footer = (
      <Flex justify="flex-end" gap={8}>
        {carga.contadorErrores > 0 && onVerErrores && (
          <Button
            onClick={() => {
              const id = carga.idCarga;
              close();
              onVerErrores(id);
            }}
          >
            Ver errores
          </Button>
        )}
        <Button type="primary" onClick={close}>
          Aceptar
        </Button>
      </Flex>
    );
  }

  return (
    <Modal
      open={open}
      title={title}
      width={640}
      onCancel={close}
      closable={!ocupado}
      keyboard={!ocupado}
      mask={{ closable: false }}
      footer={footer}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}

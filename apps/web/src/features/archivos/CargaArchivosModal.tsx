import { DownloadOutlined, FolderOpenOutlined, ReloadOutlined } from '@ant-design/icons';
import { MSG_ARCHIVO } from '@app/domain/archivos/messages';
import { csvUnaColumna, MAX_ARCHIVOS_CARGA, type ResultadoArchivos } from '@app/domain/archivos/rules';
import { formatCount } from '@app/domain/common/format';
import { EJEMPLOS_NOMBRE_DOCUMENTO } from '@app/domain/herramientas/manual-datos';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, List, Modal, Progress, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useFeedback } from '../../components/useFeedback.tsx';
import { cargaKeys } from '../cargas/cargas-api.ts';
import { saveBlob } from '../tramites/download.ts';
import { fecha } from '../tramites/tramite-rules.ts';
import { tramiteKeys } from '../tramites/tramites-api.ts';
import { archivoKeys } from './archivos-api.ts';
import {
  clasificar,
  type DialogoResultado,
  dialogosResultado,
  LIMITES_LOTE,
  lotes,
  MAX_MB,
  megas,
  progresoTexto,
  type Seleccion,
  seleccionValida,
  tiempoRestante,
} from './archivos-rules.ts';
import { enviarLote } from './enviar-lote.ts';
import { type EstadoSubida, SubidaCarpeta } from './subida.ts';

export type CargaArchivosModalProps = {
  open: boolean;
  /** The load's procedure (informative: the load identifies it). */
  idTramite?: number;
  carga: { idCarga: number; fechaDesde: string; fechaHasta: string } | null;
  onClose: () => void;
};

const MUESTRA = 8;

/** One-column CSV of a result list (docs/spec-summary.md 000 §8), saved under the spec's name. */
export function descargarLista(nombreCsv: string, nombres: readonly string[]) {
  const titulo = nombreCsv.replace(/\.csv$/, '');
  saveBlob(new Blob([csvUnaColumna(titulo, nombres)], { type: 'text/csv;charset=utf-8' }), nombreCsv);
}

function Muestra({ nombres, resto }: { nombres: readonly string[]; resto?: ReactNode }) {
  const extra = nombres.length - MUESTRA;
  return (
    <div>
      <ul style={{ margin: '8px 0 0', paddingInlineStart: 20, maxHeight: 180, overflow: 'auto' }}>
        {nombres.slice(0, MUESTRA).map((n) => (
          <li key={n} style={{ wordBreak: 'break-all' }}>
            {n}
          </li>
        ))}
      </ul>
      {extra > 0 && <Typography.Text type="secondary">y {formatCount(extra)} más.</Typography.Text>}
      {resto}
    </div>
  );
}

/**
 * 'Carga de Archivos' (docs/spec-summary.md 000 §2, §5, §8): the user picks a folder; PDF, JPEG and PNG up to 20 MB go,
 * empty files are skipped, anything else is 'Archivo no permitido'. The files leave in parallel
 * batches under one progress bar (files, MB, time left); a batch that fails is retried, then can be
 * retried by hand. At the end the three result dialogs appear and each non-empty list downloads
 * as its CSV.
 */
export function CargaArchivosModal({ open, carga, onClose }: CargaArchivosModalProps) {
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [carpeta, setCarpeta] = useState<string | null>(null);
  const [revisando, setRevisando] = useState(false);
  const [seleccion, setSeleccion] = useState<Seleccion<File> | null>(null);
  const [intentoSinCarpeta, setIntentoSinCarpeta] = useState(false);
  const [estado, setEstado] = useState<EstadoSubida<File> | null>(null);
  const subidaRef = useRef<SubidaCarpeta<File> | null>(null);
  const [ahora, setAhora] = useState(Date.now());

  // The directory picker: React has no prop for it.
  const setInput = (el: HTMLInputElement | null) => {
    inputRef.current = el;
    if (el) {
      el.setAttribute('webkitdirectory', '');
      el.setAttribute('directory', '');
    }
  };

  const subiendo = !!estado?.enCurso;
  useEffect(() => {
    if (!subiendo) return;
    const t = setInterval(() => setAhora(Date.now()), 1000);
    return () => clearInterval(t);
  }, [subiendo]);

  function reset() {
    setCarpeta(null);
    setSeleccion(null);
    setEstado(null);
    setIntentoSinCarpeta(false);
    subidaRef.current = null;
    if (inputRef.current) inputRef.current.value = '';
  }

  function cerrar() {
    if (subiendo) return;
    reset();
    onClose();
  }

  async function elegir(files: FileList | null) {
    const lista = files ? Array.from(files) : [];
    setEstado(null);
    setIntentoSinCarpeta(false);
    if (lista.length === 0) {
      setCarpeta(null);
      setSeleccion(null);
      return;
    }
    setCarpeta(lista[0].webkitRelativePath.split('/')[0] || null);
    setRevisando(true);
    try {
      setSeleccion(await clasificar(lista));
    } finally {
      setRevisando(false);
    }
  }

  function refrescar() {
    void queryClient.invalidateQueries({ queryKey: cargaKeys.all });
    void queryClient.invalidateQueries({ queryKey: tramiteKeys.all });
    void queryClient.invalidateQueries({ queryKey: archivoKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['planillas'] });
  }

  function mostrarDialogos(d: DialogoResultado[], i = 0) {
    const x = d[i];
    if (!x) return;
    if (x.nombres.length > 0) descargarLista(x.archivoCsv, x.nombres);
    const fn =
      x.tipo === 'success'
        ? feedback.modal.success
        : x.tipo === 'warning'
          ? feedback.modal.warning
          : feedback.modal.error;
    fn({
      title: x.titulo,
      width: 520,
      content: (
        <div>
          <p style={{ margin: 0 }}>{x.texto}</p>
          {x.nombres.length > 0 && (
            <Muestra
              nombres={x.nombres}
              resto={
                <p style={{ margin: '8px 0 0' }}>
                  <Typography.Text type="secondary">
                    Lista completa descargada en {x.archivoCsv}.
                  </Typography.Text>
                </p>
              }
            />
          )}
        </div>
      ),
      okText: 'Aceptar',
      onOk: () => mostrarDialogos(d, i + 1),
    });
  }

  async function correr(run: () => Promise<EstadoSubida<File>>) {
    const e = await run();
    refrescar();
    if (e.cancelado || e.error) return;
    const hecho = e.archivos > 0 || e.fallidos.length === 0;
    if (hecho) mostrarDialogos(dialogosResultado(e.resultado));
  }

  function cargar() {
    if (!carga) return;
    if (!seleccion) {
      setIntentoSinCarpeta(true);
      return;
    }
    if (!seleccionValida(seleccion.validos.length)) return;
    const sub = new SubidaCarpeta<File>(
      SubidaCarpeta.lotes(lotes(seleccion.validos, LIMITES_LOTE)),
      enviarLote(carga.idCarga),
      setEstado,
    );
    subidaRef.current = sub;
    setEstado(sub.snapshot);
    void correr(() => sub.start());
  }

  function reintentar() {
    const sub = subidaRef.current;
    if (sub) void correr(() => sub.reintentar());
  }

  const n = seleccion?.validos.length ?? 0;
  const fuera = !!seleccion && n > MAX_ARCHIVOS_CARGA;
  const terminado = !!estado && !estado.enCurso;
  const pct = estado && estado.bytesTotal > 0 ? Math.floor((estado.bytes / estado.bytesTotal) * 100) : 0;

  const footer = subiendo ? (
    <Button danger onClick={() => subidaRef.current?.cancel()}>
      Cancelar carga
    </Button>
  ) : terminado ? (
    <Flex justify="end" gap={8} wrap>
      {(estado.fallidos.length > 0 || (estado.cancelado && estado.archivos < estado.total)) && (
        <Button icon={<ReloadOutlined aria-hidden />} onClick={reintentar}>
          {estado.cancelado ? 'Continuar la carga' : 'Reintentar lotes fallidos'}
        </Button>
      )}
      <Button type="primary" onClick={cerrar}>
        Cerrar
      </Button>
    </Flex>
  ) : (
    <Flex justify="end" gap={8}>
      <Button onClick={cerrar}>Cancelar</Button>
      <Button type="primary" disabled={revisando || (!!seleccion && !seleccionValida(n))} onClick={cargar}>
        Cargar archivos
      </Button>
    </Flex>
  );

  return (
    <Modal
      open={open}
      title="Carga de Archivos"
      onCancel={cerrar}
      closable={!subiendo}
      mask={{ closable: false }}
      keyboard={!subiendo}
      width={680}
      destroyOnHidden
      footer={footer}
    >
      {feedback.contextHolder}
      <Flex vertical gap={12}>
        {carga && (
          <Typography.Text type="secondary">
            Carga {carga.idCarga} · {fecha(carga.fechaDesde)} – {fecha(carga.fechaHasta)}
          </Typography.Text>
        )}
        <Typography.Paragraph style={{ margin: 0 }}>
          Elija la carpeta con los documentos de las atenciones. Cada archivo se asocia a la atención cuyo
          número inicia su nombre ({EJEMPLOS_NOMBRE_DOCUMENTO.join(', ')}). Se aceptan PDF, JPEG y PNG de
          hasta {MAX_MB} MB, entre 1 y {formatCount(MAX_ARCHIVOS_CARGA)} archivos.
        </Typography.Paragraph>

        {!estado && (
          <Flex vertical gap={8}>
            <Flex align="center" gap={12} wrap>
              <Button
                icon={<FolderOpenOutlined aria-hidden />}
                onClick={() => inputRef.current?.click()}
                disabled={revisando}
              >
                Seleccionar carpeta
              </Button>
              <input
                ref={setInput}
                type="file"
                multiple
                aria-label="Carpeta de archivos"
                style={{ display: 'none' }}
                onChange={(e) => void elegir(e.target.files)}
              />
              {carpeta ? (
                <Typography.Text strong>{carpeta}</Typography.Text>
              ) : (
                <Typography.Text
                  type={intentoSinCarpeta ? 'danger' : 'secondary'}
                  role={intentoSinCarpeta ? 'alert' : undefined}
                >
                  {MSG_ARCHIVO.carpetaNoSeleccionada}
                </Typography.Text>
              )}
            </Flex>
            {revisando && <Spin description="Revisando los archivos de la carpeta..." />}
            {seleccion && !revisando && (
              <>
                <Typography.Text>
                  {formatCount(n) || '0'} {n === 1 ? 'archivo' : 'archivos'} para cargar (
                  {megas(seleccion.bytes)} MB)
                  {seleccion.vacios > 0 && ` · ${formatCount(seleccion.vacios)} vacíos omitidos`}
                  {` · ${formatCount(seleccion.total)} en la carpeta`}.
                </Typography.Text>
                {seleccion.rechazados.length > 0 && (
                  <Alert
                    type="warning"
                    showIcon
                    title={`${MSG_ARCHIVO.archivoNoPermitido} (${formatCount(seleccion.rechazados.length)})`}
                    description={
                      <Muestra
                        nombres={seleccion.rechazados.map((r) =>
                          MSG_ARCHIVO.archivoNoPermitidoDetalle(r.nombre, r.motivo),
                        )}
                        resto={
                          <p style={{ margin: '4px 0 0' }}>
                            <Typography.Text type="secondary">Estos archivos no se cargarán.</Typography.Text>
                          </p>
                        }
                      />
                    }
                  />
                )}
                {(n === 0 || fuera) && (
                  <Alert
                    type="error"
                    showIcon
                    title={MSG_ARCHIVO.seleccionRango(MAX_ARCHIVOS_CARGA)}
                    description={fuera ? MSG_ARCHIVO.sugerenciaBloques : undefined}
                  />
                )}
              </>
            )}
          </Flex>
        )}

        {estado && (
          <Flex vertical gap={8} aria-live="polite">
            <Progress
              percent={pct}
              status={
                estado.error || estado.fallidos.length > 0 ? 'exception' : subiendo ? 'active' : 'success'
              }
              aria-label="Avance de la carga de archivos"
            />
            <Typography.Text>{progresoTexto(estado)}</Typography.Text>
            {subiendo && (
              <Typography.Text type="secondary">
                {tiempoRestante(
                  estado.bytesTotal - estado.bytes,
                  estado.bytes - estado.bytesInicio,
                  ahora - estado.inicio,
                )}
                {estado.reintentando > 0 && ' · reintentando un lote que falló...'}
              </Typography.Text>
            )}
            {estado.error && <Alert type="error" showIcon title={estado.error} />}
            {estado.cancelado && !subiendo && (
              <Alert
                type="info"
                showIcon
                title={`Carga cancelada: ${formatCount(estado.archivos) || '0'} de ${formatCount(estado.total)} archivos enviados.`}
              />
            )}
            {estado.fallidos.length > 0 && !subiendo && (
              <Alert
                type="warning"
                showIcon
                title={`${formatCount(estado.fallidos.reduce((a, l) => a + l.archivos.length, 0))} archivos no se pudieron enviar.`}
                description={`${estado.fallidos[0].error ?? ''} Use "Reintentar lotes fallidos" para enviarlos de nuevo.`}
              />
            )}
            {estado.rechazados.length > 0 && (
              <Alert
                type="error"
                showIcon
                title={MSG_ARCHIVO.rechazadosTitulo}
                description={<Muestra nombres={estado.rechazados.map((l) => l.error ?? '')} />}
              />
            )}
            {terminado && <Resultados r={estado.resultado} />}
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}

function Resultados({ r }: { r: ResultadoArchivos }) {
  const filas = [
    { key: 'archivosCargados', titulo: MSG_ARCHIVO.cargadosTitulo, nombres: r.archivosCargados },
    { key: 'archivosDuplicados', titulo: MSG_ARCHIVO.duplicadosTitulo, nombres: r.archivosDuplicados },
    {
      key: 'planillasNoEncontradas',
      titulo: MSG_ARCHIVO.noEncontradasTitulo,
      nombres: r.planillasNoEncontradas,
    },
  ];
  return (
    <List
      size="small"
      bordered
      dataSource={filas}
      renderItem={(f) => (
        <List.Item
          actions={[
            <Button
              key="csv"
              size="small"
              icon={<DownloadOutlined aria-hidden />}
              disabled={f.nombres.length === 0}
              onClick={() => descargarLista(`${f.key}.csv`, f.nombres)}
            >
              {f.key}.csv
            </Button>,
          ]}
        >
          <Typography.Text>
            {f.titulo}: <strong>{formatCount(f.nombres.length) || '0'}</strong>
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}

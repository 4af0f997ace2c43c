import { DownloadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { MSG_ARCHIVO } from '@app/domain/archivos/messages';
import { csvUnaColumna, MAX_ARCHIVOS_CARGA, type ResultadoArchivos } from '@app/domain/archivos/rules';
import { formatCount } from '@app/domain/common/format';
import { Alert, Button, Flex, List, Progress, Spin, Typography } from 'antd';
import type { MutableRefObject, ReactNode } from 'react';
import { saveBlob } from '../../components/download.ts';
import { megas, progresoTexto, type Seleccion, tiempoRestante } from './archivos-rules.ts';
import type { EstadoSubida } from './subida.ts';

/* The parts of 'Carga de Archivos' (carga-archivos-modal.tsx): the folder choice, the upload's progress, its results. */

export const MUESTRA = 8;

/** One-column CSV of a result list (docs/spec-summary.md 000 §8), saved under the spec's name. */
export function descargarLista(nombreCsv: string, nombres: readonly string[]) {
  const titulo = nombreCsv.replace(/\.csv$/, '');
  saveBlob(new Blob([csvUnaColumna(titulo, nombres)], { type: 'text/csv;charset=utf-8' }), nombreCsv);
}

export function Muestra({ nombres, resto }: { nombres: readonly string[]; resto?: ReactNode }) {
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

/** Before the upload: the folder button, what the folder holds, and what will not go. */
export function SeleccionCarpeta({
  inputRef,
  revisando,
  carpeta,
  intentoSinCarpeta,
  seleccion,
  n,
  fuera,
  onElegir,
}: {
  inputRef: MutableRefObject<HTMLInputElement | null>;
  revisando: boolean;
  carpeta: string | null;
  intentoSinCarpeta: boolean;
  seleccion: Seleccion<File> | null;
  /** Files that will go. */
  n: number;
  /** More than the files one load takes. */
  fuera: boolean;
  onElegir: (files: FileList | null) => void;
}) {
  // The directory picker: React has no prop for it.
  const setInput = (el: HTMLInputElement | null) => {
    inputRef.current = el;
    if (el) {
      el.setAttribute('webkitdirectory', '');
      el.setAttribute('directory', '');
    }
  };
  return (
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
          onChange={(e) => onElegir(e.target.files)}
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
            {formatCount(n) || '0'} {n === 1 ? 'archivo' : 'archivos'} para cargar ({megas(seleccion.bytes)}{' '}
            MB)
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
  );
}

/** During and after the upload: the progress bar, time left, cancellation, failures and the results. */
export function AvanceSubida({
  estado,
  subiendo,
  terminado,
  ahora,
}: {
  estado: EstadoSubida<File>;
  subiendo: boolean;
  terminado: boolean;
  ahora: number;
}) {
  const pct = estado.bytesTotal > 0 ? Math.floor((estado.bytes / estado.bytesTotal) * 100) : 0;
  return (
    <Flex vertical gap={8} aria-live="polite">
      <Progress
        percent={pct}
        status={estado.error || estado.fallidos.length > 0 ? 'exception' : subiendo ? 'active' : 'success'}
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

import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { MSG_ARCHIVO } from '@app/domain/archivos/messages';
import { esPrevisualizable } from '@app/domain/archivos/rules';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Modal, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { archivoKeys, archivosApi, descargarEnlace } from './archivos-api.ts';
import { paginaLocal, vistaLocal } from './vista-previa.ts';

export type ArchivoRef = { idArchivoPla: number; nombre: string; tipo: string };

/** Opens the file in a new tab (the tab opens during the click, so popup blockers let it through). */
export async function abrirArchivo(idArchivoPla: number) {
  const tab = window.open('', '_blank');
  try {
    const { url } = await archivosApi.enlace(idArchivoPla, false);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (e) {
    tab?.close();
    throw e;
  }
}

/** Downloads the file: the browser streams it from a short-lived link. */
export async function descargarArchivo(idArchivoPla: number) {
  const { url, nombre } = await archivosApi.enlace(idArchivoPla, true);
  descargarEnlace(url, nombre);
}

/**
 * The file shown inside the app: PDF in the browser's viewer, images as images, anything else
 * 'No se puede previsualizar este tipo de archivo.'. The content comes through a short-lived link
 * made for this user, never a public URL.
 */
export function VisorArchivo({ archivo, height = 640 }: { archivo: ArchivoRef; height?: number }) {
  const previsualizable = esPrevisualizable(archivo.tipo);
  // Fetched ahead by the record page (the next pending attention): no link to wait for.
  const local = vistaLocal(archivo.idArchivoPla);
  const enlace = useQuery({
    queryKey: archivoKeys.enlace(archivo.idArchivoPla),
    queryFn: () => archivosApi.enlace(archivo.idArchivoPla, false),
    enabled: previsualizable && !local,
    // Links last five minutes: a fresh one for anything older than four.
    staleTime: 4 * 60_000,
    gcTime: 4 * 60_000,
    retry: 1,
  });

  if (!previsualizable) {
    return <Result status="info" title={MSG_ARCHIVO.noPrevisualizar} style={{ padding: 24 }} />;
  }
  const src = local ?? enlace.data?.url;
  if (!src && enlace.isError) {
    return (
      <ErrorRetry
        error={enlace.error}
        title={MSG_ARCHIVO.errorPrevisualizar}
        onRetry={() => void enlace.refetch()}
      />
    );
  }
  if (!src) {
    return (
      <Flex justify="center" align="center" style={{ height: Math.min(height, 240) }}>
        <Spin description="Abriendo el archivo..." />
      </Flex>
    );
  }
  if (archivo.tipo === 'application/pdf') {
    return (
      <VisorPdf
        key={src}
        nombre={archivo.nombre}
        src={src}
        pagina={local ? paginaLocal(archivo.idArchivoPla) : undefined}
        height={height}
      />
    );
  }
  return (
    <Flex justify="center" style={{ background: '#fafafa', borderRadius: 6, padding: 8 }}>
      <img
        key={src}
        src={src}
        alt={archivo.nombre}
        style={{ maxWidth: '100%', maxHeight: height, objectFit: 'contain' }}
      />
    </Flex>
  );
}

/** How long the first page's image stays alone before the PDF viewer starts (off the key press's path). */
const VISOR_DESPUES_MS = 700;
const MARCO = { border: '1px solid #f0f0f0', borderRadius: 6, background: '#fafafa' } as const;

/**
 * A PDF in the browser's viewer. With its first page already drawn (`pagina`, fetched ahead), that
 * image shows at once and the viewer starts a moment later, taking its place once loaded.
 */
function VisorPdf({
  nombre,
  src,
  pagina,
  height,
}: {
  nombre: string;
  src: string;
  pagina: string | undefined;
  height: number;
}) {
  const [montado, setMontado] = useState(!pagina);
  const [cargado, setCargado] = useState(false);
  useEffect(() => {
    if (montado) return;
    const t = setTimeout(() => setMontado(true), VISOR_DESPUES_MS);
    return () => clearTimeout(t);
  }, [montado]);
  const imagen = !!pagina && !cargado;
  return (
    <div style={{ position: 'relative', height }}>
      {imagen && (
        <img
          src={pagina}
          alt={`Primera página de ${nombre}`}
          style={{ ...MARCO, width: '100%', height, objectFit: 'contain', objectPosition: 'top center' }}
        />
      )}
      {montado && (
        <iframe
          title={`Vista previa de ${nombre}`}
          src={src}
          onLoad={() => setCargado(true)}
          style={{
            ...MARCO,
            width: '100%',
            height,
            ...(imagen ? { position: 'absolute', inset: 0, visibility: 'hidden' } : {}),
          }}
        />
      )}
    </div>
  );
}

/** Open / download buttons of a file, with the spec's error dialog. */
export function AccionesArchivo({ archivo, size }: { archivo: ArchivoRef; size?: 'small' | 'middle' }) {
  const feedback = useFeedback();
  const [busy, setBusy] = useState<'abrir' | 'descargar' | null>(null);
  const run = (k: 'abrir' | 'descargar') => {
    setBusy(k);
    const p: Promise<void> =
      k === 'abrir' ? abrirArchivo(archivo.idArchivoPla) : descargarArchivo(archivo.idArchivoPla);
    p.catch((e: unknown) => {
      feedback.errorDialog(MSG_ARCHIVO.errorDescarga, errorMessage(e, ''));
    }).finally(() => setBusy(null));
  };
  return (
    <>
      {feedback.contextHolder}
      <Button
        size={size}
        icon={<ExportOutlined aria-hidden />}
        loading={busy === 'abrir'}
        onClick={() => run('abrir')}
      >
        Abrir en pestaña nueva
      </Button>
      <Button
        size={size}
        icon={<DownloadOutlined aria-hidden />}
        loading={busy === 'descargar'}
        onClick={() => run('descargar')}
      >
        Descargar
      </Button>
    </>
  );
}

/** The preview in a dialog, with open and download. */
export function VisorArchivoModal({ archivo, onClose }: { archivo: ArchivoRef | null; onClose: () => void }) {
  return (
    <Modal
      open={!!archivo}
      title={archivo?.nombre}
      onCancel={onClose}
      width={1000}
      destroyOnHidden
      footer={
        archivo && (
          <Flex justify="end" gap={8} wrap>
            <AccionesArchivo archivo={archivo} />
            <Button type="primary" onClick={onClose}>
              Cerrar
            </Button>
          </Flex>
        )
      }
    >
      {archivo && (
        <VisorArchivo archivo={archivo} height={Math.max(320, Math.round(window.innerHeight * 0.7))} />
      )}
    </Modal>
  );
}

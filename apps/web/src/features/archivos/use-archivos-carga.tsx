import { FileZipOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { estadosArchivos, OPCIONES_ZIP } from '@app/domain/archivos/rules';
import { Button, type MenuProps } from 'antd';
import { type ReactNode, useState } from 'react';
import type { useFeedback } from '../../components/use-feedback.tsx';
import type { Carga } from '../cargas/cargas-api.ts';
import type { TramiteDetalle } from '../tramites/tramites-api.ts';
import { type OpcionArchivos, opcionesArchivosCarga } from './archivos-rules.ts';
import { CargaArchivosModal } from './carga-archivos-modal.tsx';
import { descargarZip } from './zip-descarga.ts';

const LABELS: Record<OpcionArchivos, string> = {
  'archivos:subir': 'Carga de Archivos',
  'archivos:zip:atencion': OPCIONES_ZIP[0].label,
  'archivos:zip:fecha': OPCIONES_ZIP[1].label,
  'archivos:zip:fecha-especialidad': OPCIONES_ZIP[2].label,
};

/**
 * The loads panel's file options ('Carga de Archivos', 'ZIP Carpetas', 'ZIP Carpetas día',
 * 'ZIP Carpetas día y especialidad'), the upload dialog and the whole procedure's ZIP button.
 */
export function useArchivosCarga(
  t: TramiteDetalle,
  opts: { prestador: boolean; feedback: ReturnType<typeof useFeedback> },
) {
  const [subir, setSubir] = useState<Carga | null>(null);
  const [zip, setZip] = useState<string | null>(null);

  const opciones = (c: Carga) =>
    opcionesArchivosCarga(c, {
      prestador: opts.prestador,
      estadoTramite: t.estadoTramite,
      estadosSubida: estadosArchivos(c.tipoCarga),
    });

  const items = (c: Carga): NonNullable<MenuProps['items']> =>
    opciones(c).map((k) => ({
      key: k,
      label: LABELS[k],
      icon: k === 'archivos:subir' ? <FolderOpenOutlined aria-hidden /> : <FileZipOutlined aria-hidden />,
      disabled: zip !== null && k !== 'archivos:subir',
    }));

  const handles = (key: string): key is OpcionArchivos => key in LABELS;

  const run = (c: Carga, key: OpcionArchivos) => {
    if (key === 'archivos:subir') {
      setSubir(c);
      return;
    }
    const agrupar = key.replace('archivos:zip:', '') as (typeof OPCIONES_ZIP)[number]['agrupar'];
    setZip(key);
    void descargarZip(opts.feedback, t.idTramite, agrupar, c.idCarga).finally(() => setZip(null));
  };

  const botonTramite = (visible: boolean): ReactNode =>
    visible ? (
      <Button
        icon={<FileZipOutlined aria-hidden />}
        loading={zip === 'tramite'}
        onClick={() => {
          setZip('tramite');
          void descargarZip(opts.feedback, t.idTramite, 'atencion').finally(() => setZip(null));
        }}
      >
        ZIP del trámite
      </Button>
    ) : null;

  const element = <CargaArchivosModal open={subir !== null} carga={subir} onClose={() => setSubir(null)} />;

  return { items, handles, run, botonTramite, element };
}

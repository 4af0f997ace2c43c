import { FileZipOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { estadosArchivos, OPCIONES_ZIP } from '@app/domain/archivos/rules';
import { Button, type MenuProps, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { type EnCurso, textoEnCurso } from '../../components/download.ts';
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
 * 'ZIP Carpetas día y especialidad'), the upload dialog and the whole procedure's ZIP button. While
 * a worker builds the ZIP (decision 80) the option or button reads 'Procesando... 40 %', the
 * server's Spanish message in its tooltip.
 */
export function useArchivosCarga(
  t: TramiteDetalle,
  opts: { prestador: boolean; feedback: ReturnType<typeof useFeedback> },
) {
  const [subir, setSubir] = useState<Carga | null>(null);
  const [zip, setZip] = useState<string | null>(null);
  const [avance, setAvance] = useState<EnCurso | null>(null);
  const descargar = (clave: string, agrupar: (typeof OPCIONES_ZIP)[number]['agrupar'], idCarga?: number) => {
    setZip(clave);
    setAvance(null);
    void descargarZip(opts.feedback, t.idTramite, agrupar, idCarga, setAvance).finally(() => {
      setZip(null);
      setAvance(null);
    });
  };

  const opciones = (c: Carga) =>
    opcionesArchivosCarga(c, {
      prestador: opts.prestador,
      estadoTramite: t.estadoTramite,
      estadosSubida: estadosArchivos(c.tipoCarga),
    });

  const items = (c: Carga): NonNullable<MenuProps['items']> =>
    opciones(c).map((k) => ({
      key: k,
      label:
        zip === `${k}@${c.idCarga}` ? (
          <span title={avance?.mensaje}>
            {LABELS[k]}: {textoEnCurso(avance)}
          </span>
        ) : (
          LABELS[k]
        ),
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
    descargar(`${key}@${c.idCarga}`, agrupar, c.idCarga);
  };

  const botonTramite = (visible: boolean): ReactNode =>
    visible ? (
      <Tooltip title={zip === 'tramite' ? avance?.mensaje : undefined}>
        <Button
          icon={<FileZipOutlined aria-hidden />}
          loading={zip === 'tramite'}
          onClick={() => descargar('tramite', 'atencion')}
        >
          {zip === 'tramite' ? textoEnCurso(avance) : 'ZIP del trámite'}
        </Button>
      </Tooltip>
    ) : null;

  const element = <CargaArchivosModal open={subir !== null} carga={subir} onClose={() => setSubir(null)} />;

  return { items, handles, run, botonTramite, element };
}

import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { ID_TRAMITE_EJEMPLO, type ManualDatos } from '@app/domain/herramientas/manual-datos';
import { Button, Card, Flex, InputNumber, Typography } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { ManualView } from './manual-view.tsx';

/**
 * The page of a file's technical manual (the data file, the payment file): its text, its PDF and its
 * example files, with the procedure written into the examples chosen in the URL (`?idTramite=`). It
 * holds no data, so it works the same for every user; the PDF and the examples are public endpoints.
 */
export function ManualArchivoPage({
  base,
  manualDe,
  ejemplos,
  unArchivo = false,
  idCampo,
}: {
  /** The API path of the manual: `${base}.pdf`, `${base}/ejemplo.{ext}`. */
  base: string;
  manualDe: (o: { idTramite: number }) => ManualDatos;
  /** The example files offered: extension and button label. */
  ejemplos: ReadonlyArray<{ ext: string; label: string }>;
  /** The examples are one file in several formats ('Archivo de ejemplo'), not several files. */
  unArchivo?: boolean;
  /** The id of the procedure field (its label points at it). */
  idCampo: string;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = Number(searchParams.get('idTramite'));
  const idTramite = Number.isInteger(param) && param > 0 ? param : ID_TRAMITE_EJEMPLO;
  const manual = useMemo(() => manualDe({ idTramite }), [manualDe, idTramite]);
  const query = idTramite === ID_TRAMITE_EJEMPLO ? '' : `?idTramite=${idTramite}`;

  return (
    <>
      <PageHeader
        title={manual.titulo}
        breadcrumb={[
          { title: 'Inicio', href: '/MenuPrincipal' },
          { title: 'Ayuda' },
          { title: manual.titulo },
        ]}
        extra={
          <Button
            type="primary"
            icon={<FilePdfOutlined />}
            href={`${base}.pdf`}
            target="_blank"
            rel="noopener"
          >
            Descargar PDF
          </Button>
        }
      />
      <Typography.Paragraph className="ayuda-texto">{manual.resumen}</Typography.Paragraph>
      <Card
        size="small"
        title={unArchivo ? 'Archivo de ejemplo' : 'Archivos de ejemplo'}
        style={{ marginBottom: 16 }}
      >
        <Flex gap={12} wrap align="center">
          <label htmlFor={idCampo}>
            {unArchivo ? 'ID del trámite en el ejemplo' : 'ID del trámite en los ejemplos'}
          </label>
          <InputNumber
            id={idCampo}
            min={1}
            precision={0}
            value={idTramite}
            onChange={(v) =>
              setSearchParams(
                (sp) => {
                  const out = new URLSearchParams(sp);
                  if (v && v !== ID_TRAMITE_EJEMPLO) out.set('idTramite', String(v));
                  else out.delete('idTramite');
                  return out;
                },
                { replace: true },
              )
            }
            style={{ width: 120 }}
          />
          {ejemplos.map((e) => (
            <Button key={e.ext} icon={<DownloadOutlined />} href={`${base}/ejemplo.${e.ext}${query}`}>
              {e.label}
            </Button>
          ))}
        </Flex>
      </Card>
      <ManualView manual={manual} />
    </>
  );
}

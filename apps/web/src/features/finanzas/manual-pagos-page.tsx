import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { manualPagos } from '@app/domain/finanzas/manual-pagos';
import { ID_TRAMITE_EJEMPLO } from '@app/domain/herramientas/manual-datos';
import { Button, Card, Flex, InputNumber, Typography } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { ManualView } from '../ayuda/manual-view.tsx';

const BASE = '/api/v1/manual-pagos';

/**
 * /manual-pagos: the technical manual of the insurer's payment file (decision 55), linked from the upload
 * dialog; the same document model as its PDF. `?idTramite=` writes that procedure into the example.
 */
export default function ManualPagosPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = Number(searchParams.get('idTramite'));
  const idTramite = Number.isInteger(param) && param > 0 ? param : ID_TRAMITE_EJEMPLO;
  const manual = useMemo(() => manualPagos({ idTramite }), [idTramite]);
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
            href={`${BASE}.pdf`}
            target="_blank"
            rel="noopener"
          >
            Descargar PDF
          </Button>
        }
      />
      <Typography.Paragraph className="ayuda-texto">{manual.resumen}</Typography.Paragraph>
      <Card size="small" title="Archivo de ejemplo" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap align="center">
          <label htmlFor="manual-pagos-id-tramite">ID del trámite en el ejemplo</label>
          <InputNumber
            id="manual-pagos-id-tramite"
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
          <Button icon={<DownloadOutlined />} href={`${BASE}/ejemplo.csv${query}`}>
            Ejemplo CSV
          </Button>
          <Button icon={<DownloadOutlined />} href={`${BASE}/ejemplo.xlsx${query}`}>
            Ejemplo Excel
          </Button>
        </Flex>
      </Card>
      <ManualView manual={manual} />
    </>
  );
}

import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { parseId } from '@app/domain/common/ids';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Select } from 'antd';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { useSession } from '../../app/use-session.ts';
import { ErrorRetryPage } from '../../components/error-retry.tsx';
import type { FormatoExport } from '../../components/exportar.ts';
import { patchListParams } from '../../components/list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PeriodoSelect } from '../../components/periodo-select.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { detailPath } from '../tramites/tramite-rules.ts';
import { tramiteKeys, tramitesApi } from '../tramites/tramites-api.ts';
import { useTituloTramite } from '../tramites/use-numero-tramite.ts';
import { EnvioBotones } from './envio-botones.tsx';
import { tipoInicial } from './observaciones-rules.ts';
import { RevisionTabla } from './revision-tabla.tsx';

const TIPOS = [
  { value: 'M', label: 'Auditoría Médica (M)' },
  { value: 'D', label: 'Gestión Documental (D)' },
];
const VISTAS = [
  { value: 'todas', label: 'Todas' },
  { value: 'pendientes', label: 'Sin respuesta' },
  { value: 'por-resolver', label: 'Respondidas por decidir' },
];

/**
 * /observaciones-tramite/{t} (docs/spec-summary.md 001 §2.7 'Pending-observations review screen', 16–20): rows only
 * once a load (period) and a type are chosen; 17 opens with M, 19 with D. Paged in the server; the
 * auditor decides on each answer (the glosa stands, is reduced or withdrawn).
 */
export default function RevisionObservacionesPage() {
  const params = useParams();
  const [sp, setSp] = useSearchParams();
  const feedback = useFeedback();
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const idTramite = parseId(params.idTramite);
  const tituloTramite = useTituloTramite(idTramite);
  const tipo = tipoInicial(idPerfil, sp.get('tipo'));
  const idCarga = parseId(sp.get('idCarga')) ?? undefined;
  const vista = sp.get('vista') ?? 'todas';
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const [exportando, setExportando] = useState(false);

  // A filter change goes back to page 1 (the list's URL rules, components/list-params.ts).
  const set = (cambios: Record<string, string | number | undefined>) => {
    const { page: pagina, ...filters } = cambios;
    const page = 'page' in cambios ? Number(pagina ?? 1) : undefined;
    setSp((prev) => patchListParams(prev, { filters, page }), { replace: true });
  };

  const q = useQuery({
    queryKey: tramiteKeys.detail(idTramite ?? 0),
    queryFn: ({ signal }) => tramitesApi.get(idTramite ?? 0, signal),
    enabled: idTramite !== null,
  });
  if (idTramite === null)
    return <ErrorRetryPage error={null} title={MSG_TRAMITE.parametroIdTramite} onRetry={() => undefined} />;
  if (q.isError && !q.data)
    return (
      <ErrorRetryPage error={q.error} title={MSG_TRAMITE.errorCargar} onRetry={() => void q.refetch()} />
    );
  const t = q.data;

  async function exportar(formato: FormatoExport) {
    setExportando(true);
    try {
      await tramitesApi.observacionesExport(idTramite ?? 0, { tipo, idCarga }, formato);
    } catch (e) {
      feedback.errorDialog('Error al descargar el archivo', errorMessage(e, ''));
    } finally {
      setExportando(false);
    }
  }

  return (
    <>
      {feedback.contextHolder}
      <PageHeader
        title={`Observaciones del trámite${t ? ` ${t.numero}` : ''}`}
        breadcrumb={[
          { title: 'Trámites', href: '/tramite' },
          { title: tituloTramite, href: detailPath(idPerfil, idTramite) },
          { title: 'Observaciones' },
        ]}
        tag={t ? <StateTag state={t.estadoTramite} /> : undefined}
        extra={[
          t ? (
            <EnvioBotones key="envio" tramite={t} idPerfil={idPerfil} feedback={feedback} enlace={false} />
          ) : null,
          <Button
            key="csv"
            icon={<DownloadOutlined aria-hidden />}
            loading={exportando}
            onClick={() => void exportar('csv')}
          >
            Exportar a CSV
          </Button>,
          <Button
            key="xlsx"
            icon={<FileExcelOutlined aria-hidden />}
            loading={exportando}
            onClick={() => void exportar('xlsx')}
          >
            Exportar a Excel
          </Button>,
        ]}
      />
      <Card variant="borderless">
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          <PeriodoSelect
            aria-label="Periodo"
            idTramite={idTramite}
            value={idCarga}
            onChange={(v) => set({ idCarga: v })}
          />
          <Select
            aria-label="Tipo de observación"
            style={{ minWidth: 220 }}
            placeholder="Tipo de observación"
            value={tipo}
            options={TIPOS}
            onChange={(v: string) => set({ tipo: v })}
          />
          <Select
            aria-label="Mostrar"
            style={{ minWidth: 220 }}
            value={vista}
            options={VISTAS}
            onChange={(v: string) => set({ vista: v === 'todas' ? undefined : v })}
          />
        </Flex>
        {t && idCarga !== undefined && tipo ? (
          <RevisionTabla
            tramite={t}
            idPerfil={idPerfil}
            filtro={{
              tipo,
              idCarga,
              respondida: vista === 'pendientes' ? 'no' : undefined,
              porResolver: vista === 'por-resolver' ? 'si' : undefined,
            }}
            page={page}
            onPage={(p) => set({ page: p > 1 ? p : undefined })}
            feedback={feedback}
          />
        ) : (
          <Alert
            type="info"
            showIcon
            title="Seleccione el periodo (carga) y el tipo de observación para ver las observaciones."
          />
        )}
      </Card>
    </>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@app/domain/common/format';
import { parseId } from '@app/domain/common/ids';
import type { ObservacionTramiteFila } from '@app/domain/planillas/detalles';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorRetry } from '../../components/ErrorRetry.tsx';
import { useFeedback } from '../../components/useFeedback.tsx';
import { PeriodoSelect } from '../cargas/PeriodoSelect.tsx';
import { planillaPath } from '../planilla-form/planilla-rules.ts';
import { TramiteReportPage } from './TramiteReportPage.tsx';
import { fecha } from './tramite-rules.ts';
import { type ObservacionesTramiteFiltro, tramiteKeys, tramitesApi } from './tramites-api.ts';

const TIPOS = [
  { value: 'M', label: 'Auditoría Médica (M)' },
  { value: 'D', label: 'Gestión Documental (D)' },
];
const RESPONDIDAS = [
  { value: 'si', label: 'Respondidas' },
  { value: 'no', label: 'Sin respuesta' },
];

/** The filters of the report, kept in the URL (a reload or a shared link keeps them). */
function useFiltro(): [
  ObservacionesTramiteFiltro,
  number,
  (f: ObservacionesTramiteFiltro, page?: number) => void,
] {
  const [sp, setSp] = useSearchParams();
  const tipo = sp.get('tipo');
  const respondida = sp.get('respondida');
  const idCarga = parseId(sp.get('idCarga'));
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const filtro: ObservacionesTramiteFiltro = {
    ...(tipo === 'M' || tipo === 'D' ? { tipo } : {}),
    ...(respondida === 'si' || respondida === 'no' ? { respondida } : {}),
    ...(idCarga !== null ? { idCarga } : {}),
  };
  const set = (f: ObservacionesTramiteFiltro, p = 1) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(f)) if (v !== undefined) next.set(k, String(v));
    if (p > 1) next.set('page', String(p));
    setSp(next, { replace: true });
  };
  return [filtro, page, set];
}

function ObservacionesTramite({ idTramite }: { idTramite: number }) {
  const [filtro, page, setFiltro] = useFiltro();
  const list = useQuery({
    queryKey: tramiteKeys.observaciones(idTramite, { ...filtro, page }),
    queryFn: ({ signal }) => tramitesApi.observaciones(idTramite, { ...filtro, page }, signal),
    placeholderData: keepPreviousData,
  });
  // The procedure is in the query cache already (the page header asked for it).
  const tramite = useQuery({
    queryKey: tramiteKeys.detail(idTramite),
    queryFn: ({ signal }) => tramitesApi.get(idTramite, signal),
  });
  const enlace = (o: ObservacionTramiteFila) =>
    planillaPath(idTramite, tramite.data?.estadoTramite ?? '', o.idPlanilla);

  const columns: TableColumnsType<ObservacionTramiteFila> = [
    {
      key: 'numero',
      title: 'Número',
      dataIndex: 'numero',
      width: 100,
      render: (v: string, o) => <Link to={enlace(o)}>{v}</Link>,
    },
    { key: 'paciente', title: 'Paciente', render: (_: unknown, o) => `${o.nombre} (${o.cedula})` },
    {
      key: 'fecha',
      title: 'F. atención',
      dataIndex: 'fechaDesde',
      width: 110,
      render: (v: string) => fecha(v),
    },
    {
      key: 'nivel',
      title: 'Nivel',
      width: 120,
      render: (_: unknown, o) => (o.nivel === 'PLANILLA' ? 'Atención' : `Detalle ${o.codigoDetalle ?? ''}`),
    },
    { key: 'tipo', title: 'Tipo', dataIndex: 'tipo', width: 60 },
    {
      key: 'observacion',
      title: 'Observación',
      render: (_: unknown, o) => (
        <>
          {o.observacionEstandar}
          {o.observacionComplementaria && (
            <Typography.Text type="secondary"> — {o.observacionComplementaria}</Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'respuesta',
      title: 'Respuesta',
      render: (_: unknown, o) =>
        o.respondida ? (
          [o.respuestaEstandar, o.respuestaComplementaria].filter(Boolean).join(' — ')
        ) : (
          <Tag color="orange">Sin respuesta</Tag>
        ),
    },
    {
      key: 'fechaReg',
      title: 'Registrada',
      dataIndex: 'fechaReg',
      width: 140,
      render: (v: string) => formatDateTime(v),
    },
    { key: 'usuario', title: 'Usuario', dataIndex: 'usuario', render: (v: string | null) => v ?? '' },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Select
          aria-label="Tipo de observación"
          style={{ minWidth: 220 }}
          allowClear
          placeholder="Todos los tipos"
          value={filtro.tipo}
          options={TIPOS}
          onChange={(tipo?: 'M' | 'D') => setFiltro({ ...filtro, tipo })}
        />
        <Select
          aria-label="Respuesta"
          style={{ minWidth: 180 }}
          allowClear
          placeholder="Con y sin respuesta"
          value={filtro.respondida}
          options={RESPONDIDAS}
          onChange={(respondida?: 'si' | 'no') => setFiltro({ ...filtro, respondida })}
        />
        <PeriodoSelect
          aria-label="Periodo"
          idTramite={idTramite}
          value={filtro.idCarga}
          onChange={(idCarga) => setFiltro({ ...filtro, idCarga })}
        />
      </Flex>
      <ErrorRetry error={list.error} fallback={MSG_PLANILLA.errorLista} onRetry={() => void list.refetch()} />
      <DataTable<ObservacionTramiteFila>
        ariaLabel="Observaciones del trámite"
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={page}
        onPageChange={(p) => setFiltro(filtro, p)}
        loading={list.isFetching && !list.isRefetching}
        rowKey={(o) => `${o.nivel}-${o.id}`}
        emptyText="No hay observaciones para los filtros indicados."
      />
    </Flex>
  );
}

/** /observaciones-tramite/:idTramite — the supervisors' report 'ObservacionesTramite' (docs/spec-summary.md 000 §2, 001 §2.5). */
export default function ObservacionesTramitePage() {
  const feedback = useFeedback();
  const [filtro] = useFiltro();
  const [exportando, setExportando] = useState(false);
  async function exportar(idTramite: number) {
    setExportando(true);
    try {
      await tramitesApi.observacionesCsv(idTramite, filtro);
    } catch (e) {
      feedback.errorDialog('No se pudo exportar el reporte.', errorMessage(e, ''));
    } finally {
      setExportando(false);
    }
  }
  return (
    <>
      {feedback.contextHolder}
      <TramiteReportPage
        title="Observaciones del trámite"
        supervision
        extra={(idTramite) => (
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exportando}
            onClick={() => void exportar(idTramite)}
          >
            Exportar a CSV
          </Button>
        )}
      >
        {(idTramite) => <ObservacionesTramite idTramite={idTramite} />}
      </TramiteReportPage>
    </>
  );
}

import { FileOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatCount, formatDateTime } from '@app/domain/common/format';
import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Flex, List, Modal, Pagination, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { fecha } from '../tramites/tramite-rules.ts';
import { na } from './atenciones-rules.ts';
import {
  type ArchivoPlanilla,
  type PlanillaDetalleRespuesta,
  planillaKeys,
  planillasApi,
} from './planillas-api.ts';

export type ResumenTab = 'informacion' | 'archivos';
export type ResumenTarget = { idPlanilla: number; numero: string; tab: ResumenTab };

/**
 * The summary of one attention (docs/spec-summary.md 000 §2): tabs Información and Archivos, 'N/A' for empty values;
 * 'Imprimir' (report 9) for the provider.
 */
export function ResumenModal({
  target,
  imprimir,
  onClose,
}: {
  target: ResumenTarget | null;
  /** Profile 15 prints the sheet. */
  imprimir: boolean;
  onClose: () => void;
}) {
  const feedback = useFeedback();
  const [tab, setTab] = useState<ResumenTab>('informacion');
  const [shown, setShown] = useState<ResumenTarget | null>(null);
  // Each opening starts on the tab it was opened for ('Ver Archivos' opens Archivos).
  if (target !== shown) {
    setShown(target);
    if (target) setTab(target.tab);
  }
  const id = target?.idPlanilla ?? 0;
  const query = useQuery({
    queryKey: planillaKeys.detail(id),
    queryFn: ({ signal }) => planillasApi.get(id, signal),
    enabled: id > 0,
  });
  const [printing, setPrinting] = useState(false);

  async function print() {
    setPrinting(true);
    try {
      await planillasApi.imprimir(id);
    } catch (e) {
      feedback.errorDialog('No se pudo generar el PDF de la planilla.', (e as Error).message);
    } finally {
      setPrinting(false);
    }
  }

  return (
    <Modal
      open={target !== null}
      title={target ? `Resumen de la atención ${target.numero}` : ''}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          {imprimir && (
            <Button
              icon={<PrinterOutlined aria-hidden />}
              loading={printing}
              disabled={!query.data}
              onClick={() => void print()}
            >
              Imprimir
            </Button>
          )}
          <Button type="primary" onClick={onClose}>
            Cerrar
          </Button>
        </Flex>
      }
    >
      {feedback.contextHolder}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as ResumenTab)}
        items={[
          {
            key: 'informacion',
            label: 'Información',
            children: query.isError ? (
              <ErrorRetry
                error={query.error}
                title={MSG_PLANILLA.noCargaInfo}
                fallback={MSG.errorPeticion}
                onRetry={() => void query.refetch()}
              />
            ) : query.data ? (
              <Informacion p={query.data} />
            ) : (
              <Skeleton active paragraph={{ rows: 6 }} />
            ),
          },
          {
            key: 'archivos',
            label: `Archivos${query.data ? ` (${formatCount(query.data.numArchivos) || '0'})` : ''}`,
            children: id > 0 && <Archivos idPlanilla={id} />,
          },
        ]}
      />
    </Modal>
  );
}

function Informacion({ p }: { p: PlanillaDetalleRespuesta }) {
  const diags = [
    [p.diag1, p.diagnostico01],
    [p.diag2, p.diagnostico02],
    [p.diag3, p.diagnostico03],
    [p.diag4, p.diagnostico04],
    [p.diag5, p.diagnostico05],
  ] as const;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      items={[
        { key: 'tramite', label: 'Trámite', children: na(p.numeroTramite) },
        { key: 'numero', label: 'Número', children: na(p.numero) },
        { key: 'planilla', label: 'Planilla', children: p.idPlanilla },
        {
          key: 'estadoAud',
          label: 'Estado AM',
          children: p.estadoAud ? <StateTag state={p.estadoAud} /> : 'N/A',
        },
        { key: 'cedula', label: 'Cédula', children: na(p.cedula) },
        { key: 'nombre', label: 'Nombre', children: na(p.nombre) },
        { key: 'medico', label: 'Médico', children: na(p.nombreMedico), span: 2 },
        ...diags.map(([codigo, nombre], i) => ({
          key: `diag${i + 1}`,
          label: `Diagnóstico ${i + 1}`,
          span: 2,
          children: codigo ? `${codigo} — ${na(nombre)}` : 'N/A',
        })),
        { key: 'fechaDesde', label: 'Fecha desde', children: na(fecha(p.fechaDesde)) },
        { key: 'fechaHasta', label: 'Fecha hasta', children: na(fecha(p.fechaHasta)) },
        { key: 'horaDesde', label: 'Hora desde', children: na(p.horaDesde) },
        { key: 'horaHasta', label: 'Hora hasta', children: na(p.horaHasta) },
      ]}
    />
  );
}

const tamano = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
    : `${formatCount(Math.max(1, Math.round(bytes / 1024)))} KB`;

/** The attention's supporting files, newest first, 10 per page; a name opens the file in a new tab. */
function Archivos({ idPlanilla }: { idPlanilla: number }) {
  const feedback = useFeedback();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: planillaKeys.archivos(idPlanilla, page),
    queryFn: ({ signal }) => planillasApi.archivos(idPlanilla, page, signal),
    placeholderData: keepPreviousData,
  });
  const [abriendo, setAbriendo] = useState<number | null>(null);

  async function abrir(a: ArchivoPlanilla) {
    // Opened before the request, while the click still counts as a user gesture.
    const tab = window.open('', '_blank');
    setAbriendo(a.idArchivoPla);
    try {
      const { url } = await planillasApi.enlaceArchivo(a.idArchivoPla);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank');
    } catch (e) {
      tab?.close();
      feedback.errorDialog('No se pudo abrir el archivo.', (e as Error).message);
    } finally {
      setAbriendo(null);
    }
  }

  if (query.isError)
    return (
      <ErrorRetry
        error={query.error}
        title="No se pudieron cargar los archivos de la atención."
        fallback={MSG.errorPeticion}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.data.total === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No hay archivos cargados." />;
  return (
    <>
      {feedback.contextHolder}
      <List<ArchivoPlanilla>
        size="small"
        loading={query.isFetching}
        dataSource={query.data.items}
        rowKey="idArchivoPla"
        renderItem={(a) => (
          <List.Item>
            <Flex justify="space-between" gap={12} style={{ width: '100%' }}>
              <Button
                type="link"
                icon={<FileOutlined aria-hidden />}
                loading={abriendo === a.idArchivoPla}
                onClick={() => void abrir(a)}
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
              >
                {a.nombre}
              </Button>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {tamano(a.tamano)} · {formatDateTime(a.fechaCrea)}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
      {query.data.total > 10 && (
        <Flex justify="flex-end" style={{ marginTop: 8 }}>
          <Pagination
            size="small"
            current={page}
            total={query.data.total}
            pageSize={10}
            showSizeChanger={false}
            onChange={setPage}
          />
        </Flex>
      )}
    </>
  );
}

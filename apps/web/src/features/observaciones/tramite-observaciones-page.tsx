import { FilePdfOutlined } from '@ant-design/icons';
import { parseId } from '@app/domain/common/ids';
import { TIPO_OBSERVACION_TEXTO } from '@app/domain/observaciones/messages';
import { Button, Card, Dropdown, Flex, Select, Skeleton, Tabs } from 'antd';
import { openPdf } from '../../components/download.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PeriodoSelect } from '../../components/periodo-select.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { detailPath } from '../tramites/tramite-rules.ts';
import { EnvioBotones } from './envio-botones.tsx';
import { esTipo } from './observaciones-rules.ts';
import { type FiltroTramite, ObservacionesTramiteTabla } from './observaciones-tramite-tabla.tsx';
import { useTramiteDeRuta } from './use-tramite-de-ruta.tsx';

/** How a route shows the procedure's observations (docs/spec-summary.md 001 §2.4). */
export type ModoObs = { tabs: boolean; tab?: 'cabecera' | 'detalle'; titulo: string };

const TABS = [
  { key: 'cabecera', label: 'Cabecera de atenciones', nivel: 'PLANILLA' },
  { key: 'detalle', label: 'Detalle de atenciones', nivel: 'DETALLE' },
] as const;
const TIPOS = [
  { value: 'M', label: 'Auditoría Médica (M)' },
  { value: 'D', label: 'Gestión Documental (D)' },
];
const RESPONDIDAS = [
  { value: 'si', label: 'Respondidas' },
  { value: 'no', label: 'Sin respuesta' },
];
/** PDF reports 4/5 (observations) and 8/9 (observations and answers) by type. */
const REPORTES = { M: { obs: 4, resp: 8 }, D: { obs: 5, resp: 9 } } as const;

/**
 * The procedure's observations for the provider (and the insurer): /tramite-observaciones/{t} with
 * the tabs 'Cabecera de atenciones' / 'Detalle de atenciones' (/tramites-obs-pla/{t},
 * /tramites-obs-pla-det/{t}), /planillas-observaciones/{t}, /observaciones-01/{t}/{tipo} and
 * /cargaplanillaobs/{t}/{c}. Filters, tab and page live in the URL.
 */
export default function TramiteObservacionesPage({ modo }: { modo: ModoObs }) {
  const { params, sp, set, idPerfil, idTramite, tituloTramite, tramite: t, fallo } = useTramiteDeRuta();
  const feedback = useFeedback();
  const tipoRuta = esTipo(params.tipo) ? params.tipo : undefined;
  const cargaRuta = parseId(params.idCarga) ?? undefined;
  const tipoUrl = sp.get('tipo');
  const tipo = tipoRuta ?? (esTipo(tipoUrl) ? tipoUrl : undefined);
  const idCarga = cargaRuta ?? parseId(sp.get('idCarga')) ?? undefined;
  const respondida =
    sp.get('respondida') === 'si' || sp.get('respondida') === 'no'
      ? (sp.get('respondida') as 'si' | 'no')
      : undefined;
  const tab =
    sp.get('tab') === 'detalle' || sp.get('tab') === 'cabecera'
      ? (sp.get('tab') as 'cabecera' | 'detalle')
      : (modo.tab ?? 'cabecera');
  const page = Math.max(1, Number(sp.get('page')) || 1);

  if (fallo || idTramite === null) return fallo;
  const titulo = `${modo.titulo}${t ? ` · Trámite ${t.numero}` : ''}${tipoRuta ? ` · ${TIPO_OBSERVACION_TEXTO[tipoRuta]}` : ''}`;
  const filtro: FiltroTramite = { tipo, idCarga, respondida };

  const reportes = tipo
    ? [
        { key: 'obs', label: 'Reporte de observaciones (PDF)', id: REPORTES[tipo].obs },
        { key: 'resp', label: 'Observaciones y respuestas (PDF)', id: REPORTES[tipo].resp },
      ]
    : [];
  const abrir = (id: number) =>
    openPdf(`/reportes/pdf/${id}/${idTramite}`, { identificador02: idCarga, tipo }).catch(() => {
      feedback.errorDialog('Error al obtener el reporte. Verifique la conexión con el servidor.');
    });

  const tabla = (nivel?: 'PLANILLA' | 'DETALLE') =>
    t ? (
      <ObservacionesTramiteTabla
        tramite={t}
        idPerfil={idPerfil}
        filtro={{ ...filtro, nivel }}
        page={page}
        onPage={(p) => set({ page: p > 1 ? p : undefined })}
      />
    ) : (
      <Skeleton active />
    );

  return (
    <>
      {feedback.contextHolder}
      <PageHeader
        title={titulo}
        breadcrumb={[
          { title: 'Trámites', href: idPerfil === 15 ? '/tramite-carga' : '/tramite' },
          { title: tituloTramite, href: detailPath(idPerfil, idTramite) },
          { title: modo.titulo },
        ]}
        tag={t ? <StateTag state={t.estadoTramite} /> : undefined}
        extra={[
          t ? (
            <EnvioBotones
              key="envio"
              tramite={t}
              idPerfil={idPerfil}
              feedback={feedback}
              enlace={false}
              tipo={tipo}
            />
          ) : null,
          reportes.length > 0 ? (
            <Dropdown
              key="pdf"
              trigger={['click']}
              menu={{
                items: reportes.map((r) => ({ key: r.key, label: r.label, onClick: () => void abrir(r.id) })),
              }}
            >
              <Button icon={<FilePdfOutlined aria-hidden />}>Reportes</Button>
            </Dropdown>
          ) : null,
        ]}
      />
      <Card variant="borderless">
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          {!tipoRuta && (
            <Select
              aria-label="Tipo de observación"
              style={{ minWidth: 220 }}
              allowClear
              placeholder="Todos los tipos"
              value={tipo}
              options={TIPOS}
              onChange={(v?: string) => set({ tipo: v })}
            />
          )}
          <Select
            aria-label="Respuesta"
            style={{ minWidth: 180 }}
            allowClear
            placeholder="Con y sin respuesta"
            value={respondida}
            options={RESPONDIDAS}
            onChange={(v?: string) => set({ respondida: v })}
          />
          {cargaRuta === undefined && (
            <PeriodoSelect
              aria-label="Periodo"
              idTramite={idTramite}
              value={idCarga}
              onChange={(v) => set({ idCarga: v })}
            />
          )}
        </Flex>
        {modo.tabs ? (
          <Tabs
            activeKey={tab}
            onChange={(k) => set({ tab: k })}
            destroyOnHidden
            items={TABS.map((x) => ({ key: x.key, label: x.label, children: tabla(x.nivel) }))}
          />
        ) : (
          tabla()
        )}
      </Card>
    </>
  );
}

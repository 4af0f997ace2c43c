import {
  CloudUploadOutlined,
  DeleteOutlined,
  DownOutlined,
  ExclamationCircleOutlined,
  FileSearchOutlined,
  ForwardOutlined,
  MedicineBoxOutlined,
  PartitionOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { organizacionEnCurso } from '@app/domain/cargas/responses';
import { periodoSemana } from '@app/domain/cargas/rules';
import { calendarDate, formatPeriod } from '@app/domain/common/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, type MenuProps, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { MenuOpciones } from '../../components/menu-opciones.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { useListParams } from '../../components/use-list-params.ts';
import { useArchivosCarga } from '../archivos/use-archivos-carga.tsx';
import { esPrestador, puedeSaltarSemana } from '../tramites/tramite-rules.ts';
import type { TramiteDetalle } from '../tramites/tramites-api.ts';
import { useTramiteAccion } from '../tramites/use-tramite-accion.tsx';
import { cargaColumns } from './carga-columns.tsx';
import { CargaIncidenciasModal, CargaResumenModal, type IncidenciasTarget } from './carga-modals.tsx';
import {
  botonCarga,
  esSupervisorCargaAmb,
  OPCION_LABELS,
  type OpcionCarga,
  opcionesCarga,
  rutaCargaAmb,
  semanaACargar,
} from './carga-rules.ts';
import { type Carga, cargaKeys, cargasApi } from './cargas-api.ts';
import { UploadModal } from './upload-modal.tsx';
import { useCargaAcciones } from './use-carga-acciones.tsx';
import './cargas.css';

const PAGE_SIZE = 10;
const NINGUNA: Carga[] = [];

const OPCION_ICONS: Record<OpcionCarga, ReactNode> = {
  resumen: <FileSearchOutlined aria-hidden />,
  errores: <ExclamationCircleOutlined aria-hidden />,
  novedades: <WarningOutlined aria-hidden />,
  borrar: <DeleteOutlined aria-hidden />,
  organizar: <PartitionOutlined aria-hidden />,
  ambulatorias: <MedicineBoxOutlined aria-hidden />,
};

export type LoadsPanelProps = {
  tramite: TramiteDetalle;
  idPerfil: number;
  /** Loads under an authorization (the authorization screen). */
  idAutorizacion?: number;
  /** More buttons beside the upload one (the authorization variant's 'Carga de Archivos'). */
  acciones?: ReactNode;
};

/**
 * 'Datos y carga de archivos': the loads of a procedure (newest first, 10 per page) with their
 * options, and the provider's upload — weekly ('Cargar semana {n}', 'Siguiente semana') or monthly
 * ('Cargar Atenciones').
 */
export default function LoadsPanel({ tramite: t, idPerfil, idAutorizacion, acciones }: LoadsPanelProps) {
  const feedback = useFeedback();
  const prestador = esPrestador(idPerfil);
  const supervisor = esSupervisorCargaAmb(idPerfil);
  const navigate = useNavigate();
  const params = useListParams({ namespace: 'cargas' });
  const accion = useTramiteAccion(t, 'carga', feedback);
  const archivos = useArchivosCarga(t, { prestador, feedback });

  const list = useQuery({
    queryKey: cargaKeys.list(t.idTramite, params.page, idAutorizacion),
    queryFn: ({ signal }) => cargasApi.list(t.idTramite, params.page, idAutorizacion, signal),
    placeholderData: keepPreviousData,
    // While a load is being ingested or organised its row shows it.
    refetchInterval: (q) =>
      q.state.data?.items.some(
        (c) => c.estadoProceso === 'PROCESANDO' || (c.estado === 1 && organizacionEnCurso(c.organizacion)),
      )
        ? 1000
        : false,
  });
  const rows = list.data?.items ?? NINGUNA;
  const procesando = rows.some((c) => c.estadoProceso === 'PROCESANDO' && c.estado === 1);

  const [resumen, setResumen] = useState<Carga | null>(null);
  const [incidencias, setIncidencias] = useState<IncidenciasTarget | null>(null);
  const [subir, setSubir] = useState(false);

  const { confirmBorrar, confirmOrganizar, ocupado, organizando } = useCargaAcciones(feedback, {
    rows,
    dataUpdatedAt: list.dataUpdatedAt,
  });

  function onOpcion(c: Carga, op: OpcionCarga) {
    if (op === 'resumen') setResumen(c);
    else if (op === 'errores' || op === 'novedades') setIncidencias({ carga: c, tipo: op });
    else if (op === 'borrar') void confirmBorrar(c);
    else if (op === 'ambulatorias') void navigate(rutaCargaAmb(t.idTramite, c.idCarga));
    else confirmOrganizar(c);
  }

  const semanal = t.frecuenciaCarga === 'S' && !idAutorizacion;
  const boton = idAutorizacion
    ? { label: 'Cargar Atenciones', visible: prestador, tipo: 'M' as const }
    : botonCarga(t, prestador);
  const semana = semanal ? periodoSemana(periodoDe(t), semanaACargar(t)) : null;
  const periodoTexto = semana ? formatPeriod(semana) : formatPeriod(t);
  const saltar = semanal && prestador && puedeSaltarSemana(t, t.acciones);

  function opciones(c: Carga) {
    const ops = opcionesCarga(c, { prestador, supervisor, estadoTramite: t.estadoTramite });
    const items: MenuProps['items'] = [
      ...ops.map((op) => ({
        key: op,
        icon: OPCION_ICONS[op],
        label: OPCION_LABELS[op],
        danger: op === 'borrar',
        disabled: (ocupado || organizando(c)) && (op === 'borrar' || op === 'organizar'),
      })),
      ...archivos.items(c),
    ];
    return (
      <MenuOpciones
        items={items}
        onSelect={(key) => {
          if (archivos.handles(key)) archivos.run(c, key);
          else onOpcion(c, key as OpcionCarga);
        }}
      >
        <Button
          size="small"
          aria-label={`Opciones de la carga ${c.idCarga}`}
          onClick={(e) => e.stopPropagation()}
          onDoubleClick={(e) => e.stopPropagation()}
        >
          Opciones <DownOutlined aria-hidden />
        </Button>
      </MenuOpciones>
    );
  }
  const columns = cargaColumns(semanal, opciones);

  return (
    <>
      {feedback.contextHolder}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Flex vertical gap={0}>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {semanal ? 'Cargas semanales' : 'Cargas del trámite'}
          </Typography.Title>
          <Typography.Text type="secondary">
            {semanal
              ? `Semanas cargadas o habilitadas: ${t.numSemana} de ${t.maxSemanas}.`
              : `Período del trámite: ${periodoTexto}.`}
          </Typography.Text>
        </Flex>
        <Flex gap={8} wrap>
          {archivos.botonTramite(rows.some((c) => c.tieneArchivos === 1))}
          {saltar && (
            <Button
              icon={<ForwardOutlined aria-hidden />}
              loading={accion.pending}
              disabled={procesando}
              onClick={() => void accion.run('saltar-semana')}
            >
              Siguiente semana
            </Button>
          )}
          {boton.visible && (
            <Tooltip title={procesando ? 'Espere a que termine la carga en proceso.' : undefined}>
              <Button
                type="primary"
                icon={<CloudUploadOutlined aria-hidden />}
                disabled={procesando}
                onClick={() => setSubir(true)}
                data-tour="carga-subir"
              >
                {boton.label}
              </Button>
            </Tooltip>
          )}
          {acciones}
        </Flex>
      </Flex>
      <DataTable<Carga>
        consulta={list}
        ariaLabel="Cargas del trámite"
        columns={columns}
        rows={rows}
        total={list.data?.total ?? 0}
        page={params.page}
        pageSize={PAGE_SIZE}
        loading={list.isFetching && !list.isRefetching}
        onPageChange={params.setPage}
        rowKey="idCarga"
        onRowDoubleClick={setResumen}
        emptyText={
          prestador && boton.visible
            ? `Aún no hay cargas. Use "${boton.label}".`
            : 'No hay cargas registradas.'
        }
        tableProps={{ rowClassName: (c) => (c.estado === 0 ? 'carga-borrada' : '') }}
      />
      <CargaResumenModal carga={resumen} onClose={() => setResumen(null)} />
      <CargaIncidenciasModal target={incidencias} onClose={() => setIncidencias(null)} />
      {archivos.element}
      <UploadModal
        open={subir}
        idTramite={t.idTramite}
        title={boton.label}
        periodoTexto={periodoTexto}
        // The server derives the period (week numSemana + 1, the month, or the authorization's dates).
        campos={idAutorizacion ? { idAutorizacion } : undefined}
        onClose={() => setSubir(false)}
        onVerErrores={(idCarga) => {
          const c = rows.find((r) => r.idCarga === idCarga);
          if (c) setIncidencias({ carga: c, tipo: 'errores' });
          else
            void cargasApi
              .get(idCarga)
              .then((carga) => setIncidencias({ carga, tipo: 'errores' }))
              .catch(() => undefined);
        }}
      />
    </>
  );
}

function periodoDe(t: TramiteDetalle) {
  return { fechaDesde: calendarDate(t.fechaDesde) ?? '', fechaHasta: calendarDate(t.fechaHasta) ?? '' };
}

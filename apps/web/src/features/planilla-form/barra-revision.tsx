import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CheckOutlined,
  DownOutlined,
  FilePdfOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import { formatCount } from '@app/domain/common/format';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import { Button, Dropdown, Flex, Space, Tooltip, Typography } from 'antd';
import { openPdf } from '../../components/download.ts';
import { StateTag } from '../../components/state-tag.tsx';
import type { useFeedback } from '../../components/use-feedback.tsx';
import type { Planilla } from './planilla-api.ts';
import { type AccionTeclado, ATAJOS, type accionesRevision, NOMBRE_TIPO } from './planilla-rules.ts';
import { usePendientesCarga, useSiguientePendiente } from './siguiente-pendiente.ts';
import type { Transicion, usePlanillaAcciones } from './use-planilla-acciones.tsx';

/**
 * The review bar of the record (UX 'The auditor's screen'), always in view: both review states, the
 * attention's PDF, how many wait, previous/next pending, register the review, reset, the supervisor's
 * close/reopen, and the keyboard shortcuts in a tooltip.
 */
export function BarraRevision({
  planilla: p,
  popup,
  tipoNavegacion,
  precargar,
  buscandoPendiente,
  ocupado,
  revisando,
  acc,
  acciones,
  disponibles,
  conDeshacer,
  feedback,
  onPendiente,
  onRevisar,
  onTransicion,
  onFinalizarCarga,
}: {
  planilla: Planilla;
  popup?: boolean;
  tipoNavegacion: TipoRevision | null;
  /** Look up the next pending attention and fetch it ahead (the page, where Alt+R moves at once). */
  precargar: boolean;
  buscandoPendiente: 'anterior' | 'siguiente' | null;
  ocupado: boolean;
  revisando: boolean;
  acc: ReturnType<typeof usePlanillaAcciones>;
  acciones: ReturnType<typeof accionesRevision>;
  disponibles: AccionTeclado[];
  /** The page's 'Deshacer (Alt+Z)' is on offer (listed with the shortcuts). */
  conDeshacer: boolean;
  feedback: ReturnType<typeof useFeedback>;
  onPendiente: (anterior: boolean) => void;
  onRevisar: () => void;
  onTransicion: (accion: Transicion, tipo: TipoRevision) => void;
  onFinalizarCarga: (tipo: TipoRevision) => void;
}) {
  // Here, not in the record: their answers re-render the bar only (decision 84).
  const pendientes = usePendientesCarga(p, tipoNavegacion, !popup);
  useSiguientePendiente(p, tipoNavegacion, precargar);
  return (
    <Flex
      className="pf-actions"
      align="center"
      justify="space-between"
      gap={8}
      wrap
      role="toolbar"
      aria-label="Revisión"
      data-tour="revision-barra"
    >
      <Space size={8} wrap>
        <StateTag state={p.estadoAud}>AM: {p.estadoAud}</StateTag>
        <StateTag state={p.estadoDoc}>GD: {p.estadoDoc}</StateTag>
        {p.estado !== 1 && <StateTag state="ERROR">ANULADA</StateTag>}
        <Button
          size="small"
          icon={<FilePdfOutlined />}
          onClick={() =>
            openPdf(`/planillas/${p.idPlanilla}/resumen.pdf`).catch((e: Error) => {
              feedback.errorDialog('No se pudo generar el PDF de la atención.', e.message);
            })
          }
        >
          PDF
        </Button>
      </Space>
      <Space size={8} wrap>
        {!popup && tipoNavegacion && (
          <>
            {pendientes !== undefined && (
              <Tooltip title="Atenciones de esta carga que esperan su revisión">
                <Typography.Text type="secondary" aria-live="polite">
                  {pendientes === 1 ? '1 pendiente' : `${formatCount(pendientes) || '0'} pendientes`}
                </Typography.Text>
              </Tooltip>
            )}
            <Button
              icon={<ArrowLeftOutlined />}
              loading={buscandoPendiente === 'anterior'}
              disabled={ocupado}
              onClick={() => onPendiente(true)}
            >
              Anterior pendiente
            </Button>
            <Button
              loading={buscandoPendiente === 'siguiente'}
              disabled={ocupado}
              onClick={() => onPendiente(false)}
            >
              Siguiente pendiente <ArrowRightOutlined />
            </Button>
          </>
        )}
        {acciones.revisar && (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={acc.revisar.isPending || revisando}
            disabled={ocupado && !acc.revisar.isPending && !revisando}
            onClick={onRevisar}
          >
            Registrar revisión {NOMBRE_TIPO[acciones.revisar]}
          </Button>
        )}
        {acciones.reiniciar && (
          <Button
            disabled={ocupado}
            onClick={() => onTransicion('reiniciar', acciones.reiniciar as TipoRevision)}
          >
            Reiniciar a PENDIENTE
          </Button>
        )}
        {acciones.finalizar.map((t) => (
          <Button
            key={`fin-${t}`}
            type={acciones.revisar ? 'default' : 'primary'}
            disabled={ocupado}
            loading={acc.transicion.isPending && acc.transicion.variables?.accion === 'finalizar'}
            onClick={() => onTransicion('finalizar', t)}
          >
            Finalizar revisión {NOMBRE_TIPO[t]}
          </Button>
        ))}
        {acciones.reabrir.map((t) => (
          <Button key={`rea-${t}`} disabled={ocupado} onClick={() => onTransicion('reabrir', t)}>
            Reabrir revisión {NOMBRE_TIPO[t]}
          </Button>
        ))}
        {acciones.finalizarCarga.length > 0 && (
          <Dropdown
            trigger={['click']}
            disabled={ocupado}
            menu={{
              items: acciones.finalizarCarga.map((t) => ({
                key: t,
                label: `Finalizar revisadas ${NOMBRE_TIPO[t]} de la carga`,
              })),
              onClick: ({ key }) => onFinalizarCarga(key as TipoRevision),
            }}
          >
            <Button loading={acc.finalizarCarga.isPending}>
              Supervisión <DownOutlined />
            </Button>
          </Dropdown>
        )}
        <Tooltip
          placement="bottomRight"
          title={
            <div>
              <div style={{ fontWeight: 600, marginBottom: 4 }}>Atajos de teclado</div>
              {ATAJOS.filter(
                (a) => disponibles.includes(a.accion) || (a.accion === 'deshacer' && conDeshacer),
              ).map((a) => (
                <div key={a.code}>
                  <span className="pf-kbd">{a.teclas}</span> {a.descripcion}
                </div>
              ))}
            </div>
          }
        >
          <Button
            type="text"
            shape="circle"
            icon={<QuestionCircleOutlined />}
            aria-label="Atajos de teclado"
            data-tour="revision-atajos"
          />
        </Tooltip>
      </Space>
    </Flex>
  );
}

import { DownOutlined, MoreOutlined } from '@ant-design/icons';
import { formatCount, formatDate } from '@app/domain/common/format';
import { compareMoney, type DetalleFilaAuditada } from '@app/domain/detalles/index';
import {
  Button,
  Dropdown,
  Flex,
  type MenuProps,
  Switch,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { dinero } from './totales-resumen.tsx';

export type AccionDetalle = 'editar' | 'aprobar' | 'fecha' | 'observaciones' | 'activar' | 'desactivar';
export type Capacidades = {
  editar: boolean;
  menuEditar: boolean;
  valores: boolean;
  toggle: boolean;
};

const flag = (v: number) => (v ? 'Sí' : '—');

/** The glosa of a line, in red when there is one, with the proposal over the agreed tariff below. */
function Glosa({ v, d }: { v: string; d: DetalleFilaAuditada }) {
  return (
    <Flex vertical align="flex-end">
      <Typography.Text type={compareMoney(v, '0') > 0 ? 'danger' : undefined}>{dinero(v)}</Typography.Text>
      {d.glosaPropuesta && (
        <Tooltip title={`Valor unitario sobre la tarifa convenida (${dinero(d.valorTarifa)})`}>
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            Propuesta {dinero(d.glosaPropuesta)}
          </Typography.Text>
        </Tooltip>
      )}
    </Flex>
  );
}

/** The items of a line's 'Opciones' menu (with the on/off switch in it when `conActivar`). */
function opciones(c: Capacidades, d: DetalleFilaAuditada, conActivar: boolean): MenuProps['items'] {
  return [
    c.menuEditar && { key: 'editar', label: 'Editar' },
    c.valores && d.estado === 1 && { key: 'aprobar', label: 'Valor aprobado / glosa' },
    c.editar && (d.laboratorio === 1 || d.imagen === 1) && { key: 'fecha', label: 'Fecha lab./imagen' },
    conActivar && c.toggle && d.estado === 1 && { key: 'desactivar', label: 'Desactivar el detalle' },
    conActivar && c.toggle && d.estado !== 1 && { key: 'activar', label: 'Activar el detalle' },
    { key: 'observaciones', label: 'Observaciones' },
  ].filter((x): x is { key: AccionDetalle; label: string } => !!x);
}

/**
 * The line list's columns: the claim, what the audit approved and the glosa; toggle and menu by
 * profile/state. `compacto` (the record page with its documents beside, issue 14 §1: 1366 px wide
 * without a horizontal scroll): code, date and element in one column, approved and glosa in one,
 * laboratory and imaging in one, the on/off switch inside 'Opciones'.
 */
export function detalleColumnas(
  c: Capacidades,
  onAccion: (d: DetalleFilaAuditada, a: AccionDetalle) => void,
  onToggle: (d: DetalleFilaAuditada, on: boolean) => void,
  toggling: number | null,
  compacto = false,
): TableColumnsType<DetalleFilaAuditada> {
  if (compacto) return columnasCompactas(c, onAccion);
  const cols: TableColumnsType<DetalleFilaAuditada> = [
    { title: 'Fecha', dataIndex: 'fechaAtencion', width: 100, render: (v: string | null) => formatDate(v) },
    { title: 'Código', dataIndex: 'codigo', width: 110 },
    {
      title: 'Elemento',
      key: 'elemento',
      render: (_: unknown, d) => (
        <Flex vertical>
          <span>{d.descripcion ?? d.elementoNombre}</span>
          {d.elementoCodigo && d.elementoCodigo !== d.codigo && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {d.elementoCodigo} · {d.elementoNombre}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Cant.',
      dataIndex: 'cantidad',
      align: 'right',
      width: 64,
      render: (v: number) => formatCount(v),
    },
    { title: 'Valor unitario', dataIndex: 'valorUni', align: 'right', width: 110, render: dinero },
    { title: 'Reclamado', dataIndex: 'valorReclamado', align: 'right', width: 110, render: dinero },
    { title: 'Aprobado', dataIndex: 'valorAprobado', align: 'right', width: 110, render: dinero },
    {
      title: 'Glosa',
      dataIndex: 'valorGlosa',
      align: 'right',
      width: 110,
      render: (v: string, d) => <Glosa v={v} d={d} />,
    },
    { title: 'Lab.', dataIndex: 'laboratorio', align: 'center', width: 52, render: flag },
    { title: 'Img.', dataIndex: 'imagen', align: 'center', width: 52, render: flag },
  ];
  if (c.toggle)
    cols.push({
      title: 'Activo',
      key: 'activo',
      width: 72,
      align: 'center',
      render: (_: unknown, d) => (
        <Switch
          size="small"
          checked={d.estado === 1}
          loading={toggling === d.idPlanillaDet}
          aria-label={`${d.estado === 1 ? 'Desactivar' : 'Activar'} el detalle ${d.codigo}`}
          onChange={(on) => onToggle(d, on)}
        />
      ),
    });
  cols.push({
    key: 'opciones',
    width: 96,
    align: 'center',
    render: (_: unknown, d) => {
      const items = opciones(c, d, false);
      return (
        <Dropdown
          trigger={['click']}
          menu={{ items, onClick: ({ key }) => onAccion(d, key as AccionDetalle) }}
        >
          <Button size="small" aria-label={`Opciones del detalle ${d.codigo}`}>
            Opciones <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      );
    },
  });
  return cols;
}

const labImg = (d: DetalleFilaAuditada) =>
  [d.laboratorio ? 'Lab.' : '', d.imagen ? 'Img.' : ''].filter(Boolean).join(' ') || '—';

function columnasCompactas(
  c: Capacidades,
  onAccion: (d: DetalleFilaAuditada, a: AccionDetalle) => void,
): TableColumnsType<DetalleFilaAuditada> {
  return [
    {
      title: 'Detalle',
      key: 'detalle',
      render: (_: unknown, d) => (
        <Flex vertical>
          <span>
            <Typography.Text strong>{d.codigo}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {' · '}
              {formatDate(d.fechaAtencion)}
            </Typography.Text>
          </span>
          <span>{d.descripcion ?? d.elementoNombre}</span>
        </Flex>
      ),
    },
    {
      title: 'Cant.',
      dataIndex: 'cantidad',
      align: 'right',
      width: 52,
      render: (v: number) => formatCount(v),
    },
    { title: 'Valor unitario', dataIndex: 'valorUni', align: 'right', width: 96, render: dinero },
    { title: 'Reclamado', dataIndex: 'valorReclamado', align: 'right', width: 96, render: dinero },
    {
      title: 'Aprobado / Glosa',
      key: 'aprobadoGlosa',
      align: 'right',
      width: 104,
      render: (_: unknown, d) => (
        <Flex vertical align="flex-end">
          <span>{dinero(d.valorAprobado)}</span>
          {(compareMoney(d.valorGlosa, '0') > 0 || d.glosaPropuesta) && <Glosa v={d.valorGlosa} d={d} />}
        </Flex>
      ),
    },
    { title: 'Lab./Img.', key: 'labImg', align: 'center', width: 64, render: (_: unknown, d) => labImg(d) },
    {
      key: 'opciones',
      width: 44,
      align: 'center',
      render: (_: unknown, d) => (
        <Dropdown
          trigger={['click']}
          menu={{ items: opciones(c, d, true), onClick: ({ key }) => onAccion(d, key as AccionDetalle) }}
        >
          <Button
            size="small"
            icon={<MoreOutlined aria-hidden />}
            aria-label={`Opciones del detalle ${d.codigo}`}
          />
        </Dropdown>
      ),
    },
  ];
}

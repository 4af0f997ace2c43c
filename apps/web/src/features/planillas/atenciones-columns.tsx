import {
  CheckOutlined,
  DeleteOutlined,
  DownOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  RollbackOutlined,
  SelectOutlined,
} from '@ant-design/icons';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { PlanillaFila } from '@app/domain/planillas/types';
import { Button, Checkbox, Flex, type MenuProps, type TableColumnsType, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { opcionesCol } from '../../components/columns.tsx';
import { MenuOpciones } from '../../components/menu-opciones.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { fecha } from '../tramites/tramite-rules.ts';
import {
  type ColumnaAtencion,
  OPCION_LABELS,
  type OpcionAtencion,
  opcionesAtencion,
  puedeNivel,
} from './atenciones-rules.ts';
import type { ResumenTarget } from './resumen-modal.tsx';
import type { AtencionAcciones } from './use-atencion-acciones.ts';

type Columna = TableColumnsType<PlanillaFila>[number];

const OPCION_ICONS: Record<OpcionAtencion, ReactNode> = {
  resumen: <FileSearchOutlined aria-hidden />,
  detalles: <SelectOutlined aria-hidden />,
  borrar: <DeleteOutlined aria-hidden />,
  restaurar: <RollbackOutlined aria-hidden />,
};

export const NIVEL_NOMBRE = { 1: 'Primer Nivel', 2: 'Segundo Nivel' } as const;

export type AtencionesColumnsArgs = {
  idPerfil: number;
  idUsuario: number;
  estadoTramite: string;
  /** 'Marcar todas' in the level headers. */
  marcar: boolean;
  /** The load 'Marcar todas' acts on, when one is chosen. */
  idCargaSel: number | undefined;
  /** FINALIZADO: the options are off. */
  finalizado: boolean;
  acciones: AtencionAcciones;
  onMarcarTodas: (n: 1 | 2) => void;
  onOpcion: (row: PlanillaFila, op: OpcionAtencion) => void;
  onResumen: (t: ResumenTarget) => void;
};

/** Every column the attentions table may show, by name (the visible ones are chosen by the rules). */
export function atencionesColumns(a: AtencionesColumnsArgs): Record<ColumnaAtencion, Columna> {
  return {
    numero: { key: 'numero', title: 'Número', dataIndex: 'numero', sorter: true, width: 88 },
    fechaDesde: {
      key: 'fechaDesde',
      title: 'F. atención',
      dataIndex: 'fechaDesde',
      sorter: true,
      width: 94,
      render: (v: string) => fecha(v),
    },
    cedula: { key: 'cedula', title: 'Cédula', dataIndex: 'cedula', sorter: true, width: 94 },
    nombre: {
      key: 'nombre',
      title: 'Nombre',
      dataIndex: 'nombre',
      sorter: true,
      ellipsis: { showTitle: true },
      width: 130,
    },
    cedulaMedico: {
      key: 'cedulaMedico',
      title: 'C.I. médico',
      dataIndex: 'cedulaMedico',
      width: 94,
      render: (v: string | null, row) => conNombre(v, row.nombreMedico ?? undefined),
    },
    diag1: {
      key: 'diag1',
      title: 'Diag1',
      dataIndex: 'diag1',
      width: 56,
      render: (v: string | null, row) => conNombre(v, row.diag1Nombre ?? 'Diagnóstico no encontrado'),
    },
    estadoAud: {
      key: 'estadoAud',
      title: 'Estado AM',
      dataIndex: 'estadoAud',
      width: 92,
      render: (v: string | null) => <StateTag state={v} />,
    },
    estadoDoc: {
      key: 'estadoDoc',
      title: 'Estado GD',
      dataIndex: 'estadoDoc',
      width: 92,
      render: (v: string | null) => <StateTag state={v} />,
    },
    duplicada: {
      key: 'duplicada',
      title: 'Dup.',
      dataIndex: 'duplicada',
      width: 48,
      align: 'center',
      render: (v: number) =>
        v === 1 ? (
          <Tooltip title="Atención duplicada">
            <CheckOutlined role="img" aria-label="Duplicada" style={{ color: '#cf1322' }} />
          </Tooltip>
        ) : null,
    },
    archivos: {
      key: 'archivos',
      title: 'Ver Archivos',
      width: 72,
      align: 'center',
      render: (_: unknown, row) => (
        <Button
          size="small"
          type="link"
          icon={<FolderOpenOutlined aria-hidden />}
          aria-label={`Ver archivos de la atención ${row.numero} (${row.numArchivos})`}
          onClick={() => a.onResumen({ idPlanilla: row.idPlanilla, numero: row.numero, tab: 'archivos' })}
        >
          {row.numArchivos}
        </Button>
      ),
    },
    nivel1: nivelColumn(a, 1),
    nivel2: nivelColumn(a, 2),
    opciones: opcionesCol((row: PlanillaFila) => <OpcionesFila a={a} row={row} />, 100),
  };
}

/** A code with its name in a tooltip (the doctor's, the diagnosis'). */
function conNombre(v: string | null, nombre: string | undefined) {
  return v ? (
    <Tooltip title={nombre}>
      <span>{v}</span>
    </Tooltip>
  ) : (
    ''
  );
}

/** 'Primer Nivel' / 'Segundo Nivel': a check box per row and, for the supervisor, 'Marcar todas' of the load. */
function nivelColumn(a: AtencionesColumnsArgs, n: 1 | 2): Columna {
  const { nivel, nivelCarga } = a.acciones;
  const user = { idPerfil: a.idPerfil, idUsuario: a.idUsuario };
  return {
    key: `nivel${n}`,
    width: 70,
    align: 'center',
    title: (
      <Flex vertical align="center" gap={0}>
        <span style={{ whiteSpace: 'normal', lineHeight: 1.2 }}>{NIVEL_NOMBRE[n]}</span>
        {a.marcar && (
          <Tooltip title={a.idCargaSel ? `Toda la carga ${a.idCargaSel}` : MSG_PLANILLA.seleccioneCarga}>
            <Button
              size="small"
              type="link"
              style={{ padding: 0, height: 20, fontSize: 12 }}
              loading={nivelCarga.isPending && nivelCarga.variables?.n === n}
              onClick={() => a.onMarcarTodas(n)}
              aria-label={`Marcar todas las atenciones de la carga en ${NIVEL_NOMBRE[n]}`}
            >
              Marcar todas
            </Button>
          </Tooltip>
        )}
      </Flex>
    ),
    render: (_: unknown, row) => (
      <Checkbox
        aria-label={`${NIVEL_NOMBRE[n]} de la atención ${row.numero}`}
        checked={row.nivel === n}
        disabled={
          !puedeNivel(user, a.estadoTramite, row) ||
          (nivel.isPending && nivel.variables?.row.idPlanilla === row.idPlanilla)
        }
        onChange={(e) => {
          if (e.target.checked && row.nivel !== n) nivel.mutate({ row, n });
        }}
      />
    ),
  };
}

/** The row's 'Opciones' menu (off, with the reason, once the procedure is FINALIZADO). */
function OpcionesFila({ a, row }: { a: AtencionesColumnsArgs; row: PlanillaFila }) {
  const items: MenuProps['items'] = opcionesAtencion(a.idPerfil, row).map((op) => ({
    key: op,
    icon: OPCION_ICONS[op],
    label: OPCION_LABELS[op],
    danger: op === 'borrar',
    disabled: (op === 'borrar' || op === 'restaurar') && a.acciones.estadoFila.isPending,
  }));
  const boton = (
    <Button
      size="small"
      disabled={a.finalizado}
      aria-label={`Opciones de la atención ${row.numero}`}
      onClick={(e) => e.stopPropagation()}
    >
      Opciones <DownOutlined aria-hidden />
    </Button>
  );
  if (a.finalizado)
    return (
      <Tooltip title="El trámite está FINALIZADO.">
        <span>{boton}</span>
      </Tooltip>
    );
  return (
    <MenuOpciones items={items} onSelect={(key) => a.onOpcion(row, key as OpcionAtencion)}>
      {boton}
    </MenuOpciones>
  );
}

import {
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  EyeOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type CatalogDef, refLabelName } from '@app/domain';
import { Button, type TableColumnsType, Tag } from 'antd';
import { MenuOpciones } from '../menu-opciones.tsx';
import {
  type CatalogRow,
  displayValue,
  isSortable,
  joinedValue,
  listColumns,
  stampDate,
} from './catalog-values.ts';

/** A state as a coloured tag (VIGENTE and PAGADO green, PENDIENTE gold, ANULADO red, the rest grey); the word is always shown. */
export function estadoTag(estado: unknown) {
  if (estado === null || estado === undefined || estado === '') return null;
  const e = String(estado);
  const color =
    e === 'VIGENTE' || e === 'PAGADO'
      ? 'green'
      : e === 'PENDIENTE'
        ? 'gold'
        : e === 'ANULADO'
          ? 'red'
          : 'default';
  return <Tag color={color}>{e}</Tag>;
}

const STAMP_TITLES = { fechaReg: 'Fecha de registro', fechaAct: 'Última actualización' } as const;

/** The data columns of a catalogue's list (its declared columns and the registration date), without 'Opciones'. */
export function catalogColumns(def: CatalogDef, hidden?: string): TableColumnsType<CatalogRow> {
  const columns: TableColumnsType<CatalogRow> = listColumns(def).map((c) => {
    if (c.kind === 'field') {
      const f = c.field;
      return {
        // A reference sorts by its label (`planNombre`), as the API does.
        key: f.ref ? refLabelName(f) : f.name,
        dataIndex: f.name,
        title: f.label,
        sorter: isSortable(f),
        align: f.type === 'integer' || f.type === 'decimal' ? ('right' as const) : undefined,
        ellipsis: f.type === 'textarea' ? { showTitle: true } : undefined,
        width: f.type === 'textarea' ? 300 : undefined,
        render: (_: unknown, row: CatalogRow) => (f.tag ? estadoTag(row[f.name]) : displayValue(f, row)),
      };
    }
    if (c.kind === 'joined') {
      const j = c.joined;
      return {
        key: j.name,
        dataIndex: j.name,
        title: j.label,
        sorter: true,
        align: j.type === 'integer' || j.type === 'decimal' ? ('right' as const) : undefined,
        render: (_: unknown, row: CatalogRow) => joinedValue(j, row),
      };
    }
    return { key: c.count.name, dataIndex: c.count.name, title: c.count.label, align: 'right' as const };
  });
  // The stamps: after the declared columns, or where `listColumns` names them.
  for (const stamp of def.stampColumns ?? ['fechaReg']) {
    const column = {
      key: stamp,
      dataIndex: stamp,
      title: STAMP_TITLES[stamp],
      sorter: true,
      width: 150,
      render: (_: unknown, row: CatalogRow) => stampDate(row, stamp),
    };
    const before = def.listColumns?.indexOf(stamp) ?? -1;
    if (before < 0) columns.push(column);
    else columns.splice(before, 0, column);
  }
  return columns.filter((c) => !('dataIndex' in c) || c.dataIndex !== hidden);
}

/** The 'Opciones' menu of a row: its own screen, edit (or view), its master-detail screens, delete. */
export function RowOptions({
  label,
  canWrite,
  details,
  onOpen,
  onEdit,
  onDelete,
  onDetail,
}: {
  label: string;
  canWrite: boolean;
  /** The record's own screen ('Ver detalle'). */
  onOpen?: () => void;
  /** Master-detail screens of this row ('Diagnósticos de la Clasificación', ...). */
  details: { key: string; label: string }[];
  onEdit: () => void;
  onDelete: () => void;
  onDetail: (route: string) => void;
}) {
  const items = [
    ...(onOpen ? [{ key: 'abrir', icon: <EyeOutlined />, label: 'Ver detalle' }] : []),
    canWrite
      ? { key: 'editar', icon: <EditOutlined />, label: 'Editar' }
      : { key: 'editar', icon: <EyeOutlined />, label: 'Ver' },
    ...details.map((d) => ({ key: `detalle:${d.key}`, icon: <UnorderedListOutlined />, label: d.label })),
    ...(canWrite ? [{ key: 'eliminar', icon: <DeleteOutlined />, label: 'Eliminar', danger: true }] : []),
  ];
  return (
    <MenuOpciones
      items={items}
      onSelect={(key) => {
        if (key === 'abrir') onOpen?.();
        else if (key === 'editar') onEdit();
        else if (key === 'eliminar') onDelete();
        else if (key.startsWith('detalle:')) onDetail(key.slice('detalle:'.length));
      }}
    >
      <Button
        size="small"
        aria-label={`Opciones de ${label}`}
        onClick={(e) => e.stopPropagation()}
        onDoubleClick={(e) => e.stopPropagation()}
      >
        Opciones <DownOutlined />
      </Button>
    </MenuOpciones>
  );
}

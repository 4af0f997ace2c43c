import { CheckOutlined, CloseOutlined, DownOutlined, EyeOutlined, StopOutlined } from '@ant-design/icons';
import { formatCount, formatDateTime } from '@app/domain/common/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, type MenuProps, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { MenuOpciones } from '../../components/menu-opciones.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { periodoAutorizacion } from './autorizacion-rules.ts';
import { type Autorizacion, autorizacionesApi, autorizacionKeys } from './autorizaciones-api.ts';
import { type Resolucion, useResolver } from './use-resolver.tsx';

export const PAGE_SIZE = 10;

/** The requests of a procedure, newest first, 10 per page (the query behind the list and the modal). */
export function useAutorizaciones(idTramite: number, page: number, estadoAut?: string, enabled = true) {
  return useQuery({
    queryKey: autorizacionKeys.list(idTramite, page, estadoAut),
    queryFn: ({ signal }) => autorizacionesApi.list(idTramite, page, estadoAut, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

const OPCIONES: { key: 'ver' | Resolucion; label: string; icon: ReactNode }[] = [
  { key: 'ver', label: 'Ver autorización', icon: <EyeOutlined aria-hidden /> },
  { key: 'aprobar', label: 'Aprobar', icon: <CheckOutlined aria-hidden /> },
  { key: 'rechazar', label: 'Rechazar', icon: <CloseOutlined aria-hidden /> },
  { key: 'anular', label: 'Anular', icon: <StopOutlined aria-hidden /> },
];

export type AutorizacionesTablaProps = {
  query: ReturnType<typeof useAutorizaciones>;
  page: number;
  onPage: (page: number) => void;
  /** Opens an authorization (its screen /tramiteform-carga-aut/{id}/{idAutorizacion}). */
  onAbrir: (a: Autorizacion) => void;
  feedback: ReturnType<typeof useFeedback>;
  emptyText: string;
};

/** Columns ID, Descripción, Período, Estado, registration and approval dates, and 'Opciones'. */
export function AutorizacionesTabla({
  query,
  page,
  onPage,
  onAbrir,
  feedback,
  emptyText,
}: AutorizacionesTablaProps) {
  const resolver = useResolver(feedback);
  const rows = query.data?.items ?? [];

  const columns: TableColumnsType<Autorizacion> = [
    { key: 'id', title: 'ID', dataIndex: 'idAutorizacion', width: 70, align: 'right' },
    { key: 'descripcion', title: 'Descripción', dataIndex: 'descripcion', ellipsis: { showTitle: true } },
    { key: 'periodo', title: 'Período', width: 190, render: (_: unknown, a) => periodoAutorizacion(a) },
    {
      key: 'estado',
      title: 'Estado',
      dataIndex: 'estadoAut',
      width: 120,
      render: (v: string) => <StateTag state={v} />,
    },
    {
      key: 'cargas',
      title: 'Cargas',
      dataIndex: 'numCargas',
      width: 80,
      align: 'right',
      render: (v: number) => formatCount(v) || '0',
    },
    {
      key: 'fechaReg',
      title: 'Fecha registro',
      dataIndex: 'fechaReg',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'fechaApr',
      title: 'Fecha aprobación',
      dataIndex: 'fechaApr',
      width: 150,
      render: (v: string | null) => formatDateTime(v) || '—',
    },
    {
      key: 'opciones',
      title: 'Opciones',
      width: 130,
      align: 'center',
      render: (_: unknown, a) => {
        const items: MenuProps['items'] = OPCIONES.filter(
          (o) => o.key === 'ver' || a.acciones.includes(o.key),
        ).map((o) => ({
          key: o.key,
          label: o.label,
          icon: o.icon,
          danger: o.key === 'rechazar' || o.key === 'anular',
        }));
        return (
          <MenuOpciones
            items={items}
            onSelect={(key) => {
              if (key === 'ver') onAbrir(a);
              else resolver.iniciar(a, key as Resolucion);
            }}
          >
            <Button
              size="small"
              aria-label={`Opciones de la autorización ${a.idAutorizacion}`}
              onClick={(e) => e.stopPropagation()}
              onDoubleClick={(e) => e.stopPropagation()}
            >
              Opciones <DownOutlined aria-hidden />
            </Button>
          </MenuOpciones>
        );
      },
    },
  ];

  return (
    <>
      <DataTable<Autorizacion>
        consulta={query}
        ariaLabel="Solicitudes de autorización"
        columns={columns}
        rows={rows}
        total={query.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        loading={query.isFetching && !query.isRefetching}
        onPageChange={onPage}
        rowKey="idAutorizacion"
        onRowDoubleClick={onAbrir}
        emptyText={emptyText}
      />
      {resolver.element}
    </>
  );
}

import type { ElementoBusqueda } from '@app/domain/detalles/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Table, Typography } from 'antd';
import { BusquedaTodos, useBusqueda } from '../../components/busqueda-todos.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { useSession } from '../../lib/use-session.ts';
import { detalleKeys, detallesApi } from './detalles-api.ts';
import { dinero } from './totales-resumen.tsx';

/**
 * /elempres_elemequi/{id} (docs/spec-summary.md 001 §2.6): a provider's own code, the coded element it stands for
 * (the equivalence loads and line items resolve it through) and the provider's agreed value for
 * that element ('Tarifa Conv'). Coded elements are searched by name or code (10 per page) with their
 * Tarifa Conv; holders of the parameters menu assign or remove the equivalence.
 */
export default function EquivalenciaElemPres({ id }: { id: number }) {
  const puede = useSession()?.usuario.menuParametros === true;
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const busqueda = useBusqueda();
  const { q, page, setPage } = busqueda;
  const data = useQuery({
    queryKey: detalleKeys.equivalencia(id, q, page),
    queryFn: ({ signal }) => detallesApi.equivalencia(id, q, page, signal),
    placeholderData: keepPreviousData,
  });
  const asignar = useEnvio({
    mutationFn: (idElemento: number | null) => detallesApi.asignarEquivalencia(id, idElemento),
    onSuccess: (r) => {
      feedback.success(r.mensaje);
      void queryClient.invalidateQueries({ queryKey: ['elempres', id] });
    },
    onError: (e) => feedback.saveError(e instanceof ApiError ? e.message : undefined),
  });
  const ep = data.data?.elemPres;

  return (
    <Flex vertical gap={16}>
      {feedback.contextHolder}
      {data.error && <Alert type="error" showIcon title={(data.error as Error).message} />}
      {ep && (
        <Card size="small" title="Equivalencia" variant="borderless">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'p', label: 'Prestador', children: ep.prestadorNombre },
              { key: 'c', label: 'Código del prestador', children: `${ep.codigo} · ${ep.nombre}` },
              {
                key: 'e',
                label: 'Elemento equivalente',
                children: ep.idElemento ? `${ep.elementoCodigo} · ${ep.elementoNombre}` : 'Sin equivalencia',
              },
              {
                key: 't',
                label: 'Tarifa Conv',
                children: ep.tarifaConv
                  ? `${dinero(ep.tarifaConv)}${ep.tarifarioNombre ? ` (${ep.tarifarioNombre})` : ''}`
                  : '—',
              },
            ]}
          />
          {puede && ep.idElemento && (
            <Popconfirm
              title="¿Quitar la equivalencia?"
              okText="Sí"
              cancelText="No"
              onConfirm={() => asignar.mutate(null)}
            >
              <Button danger size="small">
                Quitar equivalencia
              </Button>
            </Popconfirm>
          )}
        </Card>
      )}
      <BusquedaTodos
        busqueda={busqueda}
        ariaLabel="Buscar elemento por nombre"
        placeholder="Nombre o código del elemento"
        mayusculas
      />
      <Table<ElementoBusqueda>
        size="small"
        rowKey="idElemento"
        aria-label="Elementos codificados"
        loading={data.isFetching}
        dataSource={data.data?.candidatos.items ?? []}
        pagination={{
          current: page,
          pageSize: 10,
          total: data.data?.candidatos.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: 'Código', dataIndex: 'codigo', width: 120 },
          { title: 'Nombre', dataIndex: 'nombre' },
          { title: 'Clase', dataIndex: 'clasElemNombre', width: 160 },
          {
            title: 'Tarifa Conv',
            dataIndex: 'tarifaConv',
            align: 'right',
            width: 120,
            render: (v) => (v ? dinero(v) : '—'),
          },
          {
            key: 'asignar',
            width: 110,
            render: (_: unknown, e) =>
              e.idElemento === ep?.idElemento ? (
                <Typography.Text type="success">Actual</Typography.Text>
              ) : (
                puede && (
                  <Button
                    size="small"
                    loading={asignar.isPending}
                    onClick={() => asignar.mutate(e.idElemento)}
                  >
                    Asignar
                  </Button>
                )
              ),
          },
        ]}
      />
    </Flex>
  );
}

import { formatMoney } from '@app/domain/common/format';
import { MSG_HERRAMIENTAS } from '@app/domain/herramientas/messages';
import type { Medicamento } from '@app/domain/herramientas/schemas';
import { MSG } from '@app/domain/messages';
import { Alert, Button, Card, Flex, Input, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { HerramientaHeader } from './herramienta-header.tsx';
import { herramientasApi, herramientasKeys } from './herramientas-api.ts';

const TITLE = 'Vademécum';

const columns: TableColumnsType<Medicamento> = [
  { key: 'codigo', title: 'Código', dataIndex: 'codigo', width: 120 },
  { key: 'nombre', title: 'Medicamento', dataIndex: 'nombre' },
  { key: 'clasificacion', title: 'Clasificación', dataIndex: 'clasificacion', width: 180, ellipsis: true },
  {
    key: 'valor',
    title: 'Valor referencial',
    dataIndex: 'valor',
    width: 140,
    align: 'right',
    render: (v: string | null) => formatMoney(v) || '—',
  },
];

/** /vademecum: the medicines of the elements catalogue (tipo M), searched without accents or case. */
export default function VademecumPage() {
  const list = usePagedList({
    queryKey: (p) => herramientasKeys.vademecum(p.q, p.page),
    queryFn: (p, signal) => herramientasApi.vademecum(p.q, p.page, signal),
  });
  const { params } = list;
  const [texto, setTexto] = useState(params.q);
  useEffect(() => setTexto(params.q), [params.q]);

  return (
    <>
      <HerramientaHeader title={TITLE} />
      <Card>
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          <Input.Search
            aria-label="Buscar medicamento por nombre o código"
            placeholder="Buscar por nombre o código (Enter)"
            allowClear
            enterButton="Buscar"
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
            onSearch={(v) => params.setQ(v.trim())}
            style={{ maxWidth: 480 }}
            autoFocus
          />
          {params.q && (
            <Button type="link" onClick={params.clear}>
              Limpiar filtros
            </Button>
          )}
        </Flex>
        {list.query.isError && (
          <Alert
            type="error"
            showIcon
            title={errorMessage(list.query.error, MSG.errorPeticion)}
            style={{ marginBottom: 12 }}
          />
        )}
        <DataTable<Medicamento>
          ariaLabel={TITLE}
          columns={columns}
          {...list.table}
          rowKey="idElemento"
          // Long names (443 presentations, some 'AMOXICILINA + ÁCIDO CLAVULÁNICO (250 MG + 62,5 MG)/5 ML …')
          // wrap in their column instead of pushing the value out of sight.
          fixedLayout
          emptyText={MSG_HERRAMIENTAS.sinMedicamentos}
        />
      </Card>
    </>
  );
}

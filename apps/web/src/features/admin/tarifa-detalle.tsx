import { formatMoney, MSG } from '@app/domain';
import { textCol } from '../../components/columns.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { adminApi, adminKeys, type Row } from './admin-api.ts';

/**
 * The tariff detail of an insurer (GET /aseguradores/{id}/tarifa-detalle): the coded elements of its
 * tariff sheets' classes with their value, or of one sheet. A join, not a catalogue: the tab
 * 'Detalle de tarifas' of /aseguradorform and the body of /tarifarioform.
 */
export default function TarifaDetalle({ id, idTarifario }: { id: number; idTarifario?: number }) {
  return (
    <ResourceList<Row>
      cacheKey={adminKeys.all(`tarifa-detalle-${id}`)}
      ariaLabel="Detalle de tarifas"
      namespace="detalle"
      fetch={adminApi.tarifaDetalle(id)}
      fixedQuery={idTarifario ? { idTarifario } : undefined}
      rowKey={(r) => `${r.idTarifario}-${r.idElemento}`}
      defaultSort="codigo"
      searchPlaceholder="Buscar por código o nombre..."
      columns={[
        textCol('codigo', 'Código', true),
        { ...textCol('nombre', 'Elemento', true), width: 360 },
        { ...textCol('valor', 'Valor', true), align: 'right', render: (v: string) => formatMoney(v) },
        ...(idTarifario ? [] : [textCol<Row>('tarifarioDescripcion', 'Tarifario', true)]),
      ]}
      emptyText={(q) => (q ? MSG.sinDatos : 'No hay elementos en los tarifarios del asegurador.')}
    />
  );
}

/** The body of /tarifarioform: the detail of one tariff sheet, read through its insurer. */
export function TarifaDetalleTarifario({ id, row }: { id: number; row: Row }) {
  return <TarifaDetalle id={row.idAsegurador as number} idTarifario={id} />;
}

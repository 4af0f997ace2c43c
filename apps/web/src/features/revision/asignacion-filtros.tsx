import { ESTADOS_REVISION } from '@app/domain/planillas/permissions';
import { Button } from 'antd';
import { useState } from 'react';
import { BarraFiltros } from '../../components/barra-filtros.tsx';
import { FiltroNumero, FiltroSelect } from '../../components/filtro-url.tsx';
import type { UseListParams } from '../../components/use-list-params.ts';
import { FILTROS } from './asignacion-ui.tsx';
import type { Asignable, CargaAsignacion } from './revision-api.ts';
import { cargaEtiqueta, usuarioEtiqueta } from './revision-rules.ts';

/** The filters of 'Atenciones para asignar' (load, holder, review state, number), kept in the URL. */
export function AsignacionFiltros({
  params,
  estadoTitulo,
  usuarios,
  cargas,
}: {
  params: UseListParams;
  estadoTitulo: string;
  usuarios: Asignable[];
  cargas: CargaAsignacion[];
}) {
  const f = params.filters;
  const [numero, setNumero] = useState(f.numero ?? '');
  const hayFiltros = FILTROS.some((k) => k !== 'modo' && f[k]);
  return (
    <BarraFiltros ariaLabel="Filtros">
      <FiltroSelect
        params={params}
        name="idCarga"
        numeric
        ariaLabel="Carga"
        placeholder="Todas las cargas"
        options={cargas.map((c) => ({ value: c.idCarga, label: cargaEtiqueta(c) }))}
        style={{ width: 280 }}
        popupMatchSelectWidth={false}
      />
      <FiltroSelect
        params={params}
        name="asignado"
        ariaLabel="Asignación"
        placeholder="Cualquier asignación"
        options={[
          { value: 'sin', label: 'Sin asignar' },
          ...usuarios.map((u) => ({ value: String(u.idUsuario), label: usuarioEtiqueta(u) })),
        ]}
        style={{ width: 240 }}
        popupMatchSelectWidth={false}
      />
      <FiltroSelect
        params={params}
        name="estado"
        ariaLabel={estadoTitulo}
        placeholder={estadoTitulo}
        options={ESTADOS_REVISION.map((e) => ({ value: e, label: e }))}
        style={{ width: 150 }}
      />
      <FiltroNumero params={params} texto={numero} onTexto={(x) => setNumero(x.toUpperCase())} width={180} />
      {hayFiltros && (
        <Button
          type="link"
          onClick={() => {
            setNumero('');
            params.update({ filters: { idCarga: null, asignado: null, estado: null, numero: null } });
          }}
        >
          Limpiar filtros
        </Button>
      )}
    </BarraFiltros>
  );
}

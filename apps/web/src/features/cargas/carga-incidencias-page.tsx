import { formatCount, formatPeriod } from '@app/domain/common/format';
import { Button, Card, Descriptions } from 'antd';
import { Link } from 'react-router';
import { useListParams } from '../../components/use-list-params.ts';
import { IncidenciasList } from './carga-modals.tsx';
import { type CargaPageContext, CargaPageShell, cargaRutas } from './carga-page-shell.tsx';
import type { TipoIncidencia } from './cargas-api.ts';

const TITULO: Record<TipoIncidencia, string> = { errores: 'Errores', novedades: 'Novedades' };

/**
 * /cargaplanillaerrores/{idTramite}/{idCarga} and /cargaplanillanovedades/…: the errors or the
 * novedades (warnings) of a load, row by row, 10 per page, the page in the URL (docs/spec-summary.md 000 §2).
 */
export default function CargaIncidenciasPage({ tipo }: { tipo: TipoIncidencia }) {
  return (
    <CargaPageShell
      title={(id) => `${TITULO[tipo]} de la carga ${id}`}
      crumb={TITULO[tipo]}
      extra={({ carga: c }) => {
        const otro: TipoIncidencia = tipo === 'errores' ? 'novedades' : 'errores';
        return (
          <Link to={cargaRutas[otro](c.idTramite, c.idCarga)}>
            <Button>Ver {TITULO[otro].toLowerCase()}</Button>
          </Link>
        );
      }}
    >
      {(ctx) => <Incidencias key={tipo} tipo={tipo} {...ctx} />}
    </CargaPageShell>
  );
}

function Incidencias({ carga: c, tipo }: CargaPageContext & { tipo: TipoIncidencia }) {
  const params = useListParams();
  const total = tipo === 'errores' ? c.contadorErrores : c.contadorNovedades;
  return (
    <>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            {
              key: 'carga',
              label: 'Carga',
              children: <Link to={cargaRutas.detalle(c.idTramite, c.idCarga)}>{c.idCarga}</Link>,
            },
            { key: 'periodo', label: 'Periodo', children: formatPeriod(c) },
            { key: 'archivo', label: 'Archivo', children: c.nombreArchivo },
            {
              key: 'filas',
              label: `Filas con ${TITULO[tipo].toLowerCase()}`,
              children: formatCount(total ?? 0) || '0',
            },
          ]}
        />
      </Card>
      <Card variant="borderless">
        <IncidenciasList
          target={{ carga: c, tipo }}
          page={params.page}
          onPageChange={params.setPage}
          scrollY={0}
        />
      </Card>
    </>
  );
}

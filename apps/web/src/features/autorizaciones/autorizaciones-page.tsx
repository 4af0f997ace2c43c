import { MSG_AUTORIZACION } from '@app/domain/autorizaciones/messages';
import { ESTADOS_AUTORIZACION } from '@app/domain/autorizaciones/rules';
import { formatPeriod } from '@app/domain/common/format';
import { parseId } from '@app/domain/common/ids';
import { Button, Card, Descriptions, Flex, Select, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { useListParams } from '../../components/use-list-params.ts';
import { useSession } from '../../lib/use-session.ts';
import { detailPath } from '../tramites/tramite-rules.ts';
import type { TramiteDetalle } from '../tramites/tramites-api.ts';
import { esperaTramite, useTramite } from '../tramites/use-tramite.tsx';
import { autorizacionPath, migasTramite } from './autorizacion-rules.ts';
import { AutorizacionesTabla, useAutorizaciones } from './autorizaciones-tabla.tsx';
import { NuevaSolicitudForm } from './nueva-solicitud-form.tsx';

/** /autorizacion-tramite/{id}: every authorization request of a procedure, filtered by state. */
export default function AutorizacionesPage() {
  const idTramite = parseId(useParams().id);
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const query = useTramite(idTramite);
  const migas = migasTramite(idPerfil, idTramite ?? 0);

  const espera = esperaTramite(
    idTramite,
    query,
    migas[0].href ?? '/',
    <PageHeader title="Autorizaciones" breadcrumb={[...migas, { title: 'Autorizaciones' }]} />,
  );
  if (espera || !query.data) return espera;
  return <Lista tramite={query.data} idPerfil={idPerfil} />;
}

function Lista({ tramite: t, idPerfil }: { tramite: TramiteDetalle; idPerfil: number }) {
  const feedback = useFeedback();
  const navigate = useNavigate();
  const params = useListParams({ namespace: 'aut', filterKeys: ['estadoAut'] });
  const estadoAut = params.filters.estadoAut;
  const query = useAutorizaciones(t.idTramite, params.page, estadoAut);

  return (
    <>
      {feedback.contextHolder}
      <PageHeader
        title={`Autorizaciones del trámite ${t.numero}`}
        breadcrumb={[...migasTramite(idPerfil, t.idTramite), { title: 'Autorizaciones' }]}
        tag={<StateTag state={t.estadoTramite} />}
        extra={<Button onClick={() => navigate(detailPath(idPerfil, t.idTramite))}>Volver al trámite</Button>}
      />
      <Card variant="borderless" size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'numero', label: 'Número', children: t.numero },
            { key: 'prestador', label: 'Prestador', children: t.nombreComercial },
            { key: 'servicio', label: 'Servicio', children: t.servicioNombre },
            { key: 'periodo', label: 'Período', children: formatPeriod(t) },
          ]}
        />
      </Card>
      <Card variant="borderless">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Solicitudes de autorización
          </Typography.Title>
          <Flex align="center" gap={8}>
            <label htmlFor="filtro-estado-aut">Estado</label>
            <Select
              id="filtro-estado-aut"
              style={{ width: 180 }}
              value={estadoAut ?? ''}
              onChange={(v) => params.setFilter('estadoAut', v || null)}
              options={[
                { value: '', label: 'Todos' },
                ...ESTADOS_AUTORIZACION.map((e) => ({ value: e, label: e })),
              ]}
            />
            {estadoAut && (
              <Button type="link" onClick={params.clear}>
                Limpiar filtros
              </Button>
            )}
          </Flex>
        </Flex>
        <AutorizacionesTabla
          query={query}
          page={params.page}
          onPage={params.setPage}
          onAbrir={(a) => navigate(autorizacionPath(t.idTramite, a.idAutorizacion))}
          feedback={feedback}
          emptyText={estadoAut ? 'No hay solicitudes en ese estado.' : MSG_AUTORIZACION.sinAutorizaciones}
        />
        {query.data?.puedeSolicitar && (
          <NuevaSolicitudForm tramite={t} feedback={feedback} onCreada={() => params.setPage(1)} />
        )}
      </Card>
    </>
  );
}

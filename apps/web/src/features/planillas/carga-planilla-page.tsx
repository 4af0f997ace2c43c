import { parseId } from '@app/domain/common/ids';
import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { useSession } from '../../app/use-session.ts';
import { ErrorRetryPage } from '../../components/error-retry.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { cargaKeys, cargasApi } from '../cargas/cargas-api.ts';
import { detailPath, listHref } from '../tramites/tramite-rules.ts';
import { tramiteKeys, tramitesApi } from '../tramites/tramites-api.ts';
import { useTituloTramite } from '../tramites/use-numero-tramite.ts';
import { periodoLabel } from './atenciones-rules.ts';
import AtencionesTab from './atenciones-tab.tsx';

/** /cargaplanilla/{idTramite}/{idCarga}: the attention sheets of one load (docs/spec-summary.md 000 §2). */
export default function CargaPlanillaPage() {
  const params = useParams();
  const idTramite = parseId(params.idTramite);
  const tituloTramite = useTituloTramite(idTramite);
  const idCarga = parseId(params.idCarga);
  const session = useSession();
  const idPerfil = session?.usuario.idPerfil ?? 0;
  const back = listHref(idPerfil === 15 ? 'carga' : 'auditoria', idPerfil);

  const tramite = useQuery({
    queryKey: tramiteKeys.detail(idTramite ?? 0),
    queryFn: ({ signal }) => tramitesApi.get(idTramite ?? 0, signal),
    enabled: idTramite !== null,
  });
  const carga = useQuery({
    queryKey: cargaKeys.one(idCarga ?? 0),
    queryFn: ({ signal }) => cargasApi.get(idCarga ?? 0, signal),
    enabled: idCarga !== null,
  });

  const notFound =
    idTramite === null ||
    idCarga === null ||
    (tramite.error instanceof ApiError && tramite.error.status === 404) ||
    (carga.error instanceof ApiError && carga.error.status === 404) ||
    (carga.data && carga.data.idTramite !== idTramite);
  if (notFound) {
    return (
      <Result
        status="404"
        title={MSG.noEncontrado}
        subTitle="La carga no existe, no pertenece al trámite o no tiene acceso a ella."
        extra={
          <Link to={back}>
            <Button type="primary">Volver a Trámites</Button>
          </Link>
        }
      />
    );
  }
  const error = tramite.error ?? carga.error;
  if (error && !(tramite.data && carga.data)) {
    return (
      <ErrorRetryPage
        error={error}
        title={MSG_PLANILLA.errorLista}
        onRetry={() => {
          void tramite.refetch();
          void carga.refetch();
        }}
      />
    );
  }

  const t = tramite.data;
  const c = carga.data;
  const crumbs = [
    { title: 'Trámites', href: back },
    { title: tituloTramite, href: detailPath(idPerfil, idTramite) },
    { title: `Carga ${idCarga}` },
  ];
  return (
    <>
      <PageHeader
        title={`Atenciones de la carga ${idCarga}`}
        breadcrumb={crumbs}
        tag={t ? <StateTag state={t.estadoTramite} /> : undefined}
      />
      {!t || !c ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <>
          <Card variant="borderless" style={{ marginBottom: 16 }}>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              items={[
                { key: 'tramite', label: 'Trámite', children: t.numero },
                { key: 'prestador', label: 'Prestador', children: t.nombreComercial },
                { key: 'periodo', label: 'Periodo de la carga', children: periodoLabel(c) },
                { key: 'archivo', label: 'Archivo', children: c.nombreArchivo },
              ]}
            />
          </Card>
          <Card variant="borderless">
            <AtencionesTab tramite={t} idPerfil={idPerfil} idCargaFija={c.idCarga} />
          </Card>
        </>
      )}
    </>
  );
}

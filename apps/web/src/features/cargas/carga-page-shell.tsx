import { parseId } from '@app/domain/common/ids';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { NoEncontrado } from '../../components/detail-state.tsx';
import { ErrorRetryPage } from '../../components/error-retry.tsx';
import { type BreadcrumbEntry, PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/use-session.ts';
import { detailPath, listHref } from '../tramites/tramite-rules.ts';
import type { TramiteDetalle } from '../tramites/tramites-api.ts';
import { useTituloTramite } from '../tramites/use-numero-tramite.ts';
import { useTramite } from '../tramites/use-tramite.tsx';
import { type Carga, cargaKeys, cargasApi } from './cargas-api.ts';

/** The procedure page's loads tab, where the breadcrumb leads back. */
export const tramiteCargasHref = (idPerfil: number, idTramite: number) =>
  `${detailPath(idPerfil, idTramite)}?tab=carga`;

/** The routes of a load's pages (docs/spec-summary.md 000 §2). */
export const cargaRutas = {
  detalle: (idTramite: number, idCarga: number) => `/cargaform/${idTramite}/${idCarga}`,
  errores: (idTramite: number, idCarga: number) => `/cargaplanillaerrores/${idTramite}/${idCarga}`,
  novedades: (idTramite: number, idCarga: number) => `/cargaplanillanovedades/${idTramite}/${idCarga}`,
  atenciones: (idTramite: number, idCarga: number) => `/cargaplanilla/${idTramite}/${idCarga}`,
};

export type CargaPageContext = { tramite: TramiteDetalle; carga: Carga; idPerfil: number };

/**
 * A page of one load of a procedure (/…/{idTramite}/{idCarga}): reads both by URL, so a link, a
 * reload or a bookmark opens it; the breadcrumb leads back to the procedure's loads. An id that does
 * not exist, of another procedure or another tenant, shows the not-found page (the API answers 404).
 */
export function CargaPageShell({
  title,
  crumb,
  extra,
  errorTitle = 'No se pudo cargar la carga.',
  tramiteHref = tramiteCargasHref,
  children,
}: {
  title: (idCarga: number) => string;
  /** The title of a failed load (the attentions page says its list's). */
  errorTitle?: string;
  /** Where the procedure's crumb leads: its loads tab by default. */
  tramiteHref?: (idPerfil: number, idTramite: number) => string;
  /** The last crumb, after 'Carga {id}' (none for the load's own page). */
  crumb?: string;
  extra?: (ctx: CargaPageContext) => ReactNode;
  children: (ctx: CargaPageContext) => ReactNode;
}) {
  const params = useParams();
  const idTramite = parseId(params.idTramite);
  const tituloTramite = useTituloTramite(idTramite);
  const idCarga = parseId(params.idCarga);
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const back = listHref(idPerfil === 15 ? 'carga' : 'auditoria', idPerfil);

  const tramite = useTramite(idTramite);
  const carga = useQuery({
    queryKey: cargaKeys.one(idCarga ?? 0),
    queryFn: ({ signal }) => cargasApi.get(idCarga ?? 0, signal),
    enabled: idCarga !== null,
  });

  const is404 = (e: unknown) => e instanceof ApiError && e.status === 404;
  if (
    idTramite === null ||
    idCarga === null ||
    is404(tramite.error) ||
    is404(carga.error) ||
    (carga.data && carga.data.idTramite !== idTramite)
  ) {
    return (
      <NoEncontrado
        motivo="La carga no existe, no pertenece al trámite o no tiene acceso a ella."
        volver={back}
        texto="Volver a Trámites"
      />
    );
  }
  const error = tramite.error ?? carga.error;
  if (error && !(tramite.data && carga.data)) {
    return (
      <ErrorRetryPage
        error={error}
        title={errorTitle}
        onRetry={() => {
          void tramite.refetch();
          void carga.refetch();
        }}
      />
    );
  }

  const crumbs: BreadcrumbEntry[] = [
    { title: 'Trámites', href: back },
    { title: tituloTramite, href: tramiteHref(idPerfil, idTramite) },
    crumb
      ? { title: `Carga ${idCarga}`, href: cargaRutas.detalle(idTramite, idCarga) }
      : { title: `Carga ${idCarga}` },
    ...(crumb ? [{ title: crumb }] : []),
  ];
  const ctx = tramite.data && carga.data ? { tramite: tramite.data, carga: carga.data, idPerfil } : null;
  return (
    <>
      <PageHeader
        title={title(idCarga)}
        breadcrumb={crumbs}
        tag={tramite.data ? <StateTag state={tramite.data.estadoTramite} /> : undefined}
        extra={ctx && extra?.(ctx)}
      />
      {ctx ? (
        children(ctx)
      ) : (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      )}
    </>
  );
}

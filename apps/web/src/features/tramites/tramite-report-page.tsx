import { parseId } from '@app/domain/common/ids';
import { MSG } from '@app/domain/messages';
import { isSupervision } from '@app/domain/planillas/permissions';
import { Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/use-session.ts';
import { detailPath, listHref } from './tramite-rules.ts';
import { useTituloTramite } from './use-numero-tramite.ts';
import { TramiteNoEncontrado, useTramite } from './use-tramite.tsx';

export type TramiteReportPageProps = {
  title: string;
  /** The last breadcrumb (the title when omitted). */
  crumb?: string;
  /** The route parameter holding the procedure id. */
  param?: string;
  extra?: (idTramite: number) => ReactNode;
  /** A supervisors' report (16, 17, 19): others get 403 here as they do from the API. */
  supervision?: boolean;
  children: (idTramite: number) => ReactNode;
};

export const SOLO_SUPERVISION = 'Este reporte es para los supervisores.';

/**
 * The page shape of a procedure's report (log, attentions without files, observations, files per
 * load): breadcrumb back to the procedure, its number and state, and 'Trámite no encontrado' for a
 * bad or foreign id.
 */
export function TramiteReportPage({
  title,
  crumb,
  param = 'idTramite',
  extra,
  supervision = false,
  children,
}: TramiteReportPageProps) {
  const params = useParams();
  const idTramite = parseId(params[param]);
  const tituloTramite = useTituloTramite(idTramite);
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const back = listHref('auditoria', idPerfil);
  const tramite = useTramite(idTramite);
  if (supervision && !isSupervision(idPerfil))
    return <Result status="403" title={MSG.noAutorizado403} subTitle={SOLO_SUPERVISION} />;
  if (idTramite === null || (tramite.error instanceof ApiError && tramite.error.status === 404))
    return <TramiteNoEncontrado invalido={idTramite === null} back={back} />;
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={[
          { title: 'Trámites', href: back },
          { title: tituloTramite, href: detailPath(idPerfil, idTramite) },
          { title: crumb ?? title },
        ]}
        tag={
          tramite.data && (
            <>
              <span style={{ color: 'rgba(0,0,0,0.45)' }}>{tramite.data.numero}</span>
              <StateTag state={tramite.data.estadoTramite} />
            </>
          )
        }
        extra={extra?.(idTramite)}
      />
      <Card variant="borderless">{children(idTramite)}</Card>
    </>
  );
}

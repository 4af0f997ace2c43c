import { MSG } from '@app/domain/messages';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { useSession } from '../../app/use-session.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StateTag } from '../../components/StateTag.tsx';
import { detailPath, listHref } from '../tramites/tramite-rules.ts';
import { tramiteKeys, tramitesApi } from '../tramites/tramites-api.ts';
import { AtencionesSinArchivos } from './AtencionesSinArchivos.tsx';

/** /tramites-planillas-sin-archivos/:idTramite — the attentions of a procedure without files. */
export default function SinArchivosPage() {
  const { idTramite: raw } = useParams();
  const n = Number(raw);
  const idTramite = Number.isInteger(n) && n > 0 ? n : null;
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const back = listHref('auditoria', idPerfil);
  const tramite = useQuery({
    queryKey: tramiteKeys.detail(idTramite ?? 0),
    queryFn: ({ signal }) => tramitesApi.get(idTramite ?? 0, signal),
    enabled: idTramite !== null,
  });
  if (idTramite === null || (tramite.error instanceof ApiError && tramite.error.status === 404)) {
    return (
      <Result
        status="404"
        title={MSG.noEncontrado}
        subTitle={
          idTramite === null ? MSG_TRAMITE.parametroIdTramite : 'El trámite no existe o no tiene acceso a él.'
        }
        extra={
          <Link to={back}>
            <Button type="primary">Volver a Trámites</Button>
          </Link>
        }
      />
    );
  }
  return (
    <>
      <PageHeader
        title="Atenciones sin archivos"
        breadcrumb={[
          { title: 'Trámites', href: back },
          { title: `Trámite ${idTramite}`, href: detailPath(idPerfil, idTramite) },
          { title: 'Atenciones sin archivos' },
        ]}
        tag={
          tramite.data && (
            <>
              <span style={{ color: 'rgba(0,0,0,0.45)' }}>{tramite.data.numero}</span>
              <StateTag state={tramite.data.estadoTramite} />
            </>
          )
        }
      />
      <Card variant="borderless">
        <AtencionesSinArchivos idTramite={idTramite} />
      </Card>
    </>
  );
}

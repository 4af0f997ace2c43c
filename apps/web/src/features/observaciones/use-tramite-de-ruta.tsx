import { parseId } from '@app/domain/common/ids';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { useParams, useSearchParams } from 'react-router';
import { ErrorRetryPage } from '../../components/error-retry.tsx';
import { patchListParams } from '../../components/list-params.ts';
import { useSession } from '../../lib/use-session.ts';
import { useTituloTramite } from '../tramites/use-numero-tramite.ts';
import { useTramite } from '../tramites/use-tramite.tsx';

/**
 * What the observation pages of one procedure (`/…/{idTramite}`) share: the procedure of the route and
 * its title, the user's profile, the URL's filters with a setter that goes back to page 1 on a filter
 * change (components/list-params.ts), and the page to show instead while the id is wrong or the
 * procedure could not be read (`fallo`).
 */
export function useTramiteDeRuta() {
  const params = useParams();
  const [sp, setSp] = useSearchParams();
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const idTramite = parseId(params.idTramite);
  const tituloTramite = useTituloTramite(idTramite);
  const set = (cambios: Record<string, string | number | undefined>) => {
    const { page: pagina, ...filters } = cambios;
    const page = 'page' in cambios ? Number(pagina ?? 1) : undefined;
    setSp((prev) => patchListParams(prev, { filters, page }), { replace: true });
  };
  const q = useTramite(idTramite);
  const fallo =
    idTramite === null ? (
      <ErrorRetryPage error={null} title={MSG_TRAMITE.parametroIdTramite} onRetry={() => undefined} />
    ) : q.isError && !q.data ? (
      <ErrorRetryPage error={q.error} title={MSG_TRAMITE.errorCargar} onRetry={() => void q.refetch()} />
    ) : null;
  return { params, sp, set, idPerfil, idTramite, tituloTramite, tramite: q.data, fallo };
}

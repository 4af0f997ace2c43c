import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { archivoKeys, archivosApi } from './archivos-api.ts';

/**
 * The yellow warning of a DOCUMENTADO procedure (docs/spec-summary.md 000 §2), shown only while some attention has no
 * backing document: it reads the same first page as the 'sin archivos' tab, so the two never disagree
 * (issue 14 §4: the banner used to show even when the tab said 'No hay atenciones sin archivos').
 */
export function AvisoSinArchivos({ idTramite }: { idTramite: number }) {
  const q = useQuery({
    queryKey: archivoKeys.sinArchivos(idTramite, undefined, 1),
    queryFn: ({ signal }) => archivosApi.sinArchivos(idTramite, undefined, 1, signal),
  });
  const total = q.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={MSG_TRAMITE.documentadoAviso(total)}
      style={{ marginBottom: 16 }}
      data-testid="aviso-sin-archivos"
    />
  );
}

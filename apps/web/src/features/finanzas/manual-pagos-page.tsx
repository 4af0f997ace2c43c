import { manualPagos } from '@app/domain/finanzas/manual-pagos';
import { ManualArchivoPage } from '../ayuda/manual-archivo-page.tsx';

const EJEMPLOS = [
  { ext: 'csv', label: 'Ejemplo CSV' },
  { ext: 'xlsx', label: 'Ejemplo Excel' },
] as const;

/**
 * /manual-pagos: the technical manual of the insurer's payment file (decision 55), linked from the upload
 * dialog; the same document model as its PDF. `?idTramite=` writes that procedure into the example.
 */
export default function ManualPagosPage() {
  return (
    <ManualArchivoPage
      base="/api/v1/manual-pagos"
      manualDe={manualPagos}
      ejemplos={EJEMPLOS}
      unArchivo
      idCampo="manual-pagos-id-tramite"
    />
  );
}

import { manualDatos } from '@app/domain/herramientas/manual-datos';
import { ManualArchivoPage } from './manual-archivo-page.tsx';

const EJEMPLOS = [
  { ext: 'csv', label: 'Ejemplo CSV' },
  { ext: 'json', label: 'Ejemplo JSON' },
  { ext: 'xlsx', label: 'Ejemplo Excel' },
] as const;

/** /manual-datos: the technical manual of the data file, linked from the upload dialog. */
export default function ManualDatosPage() {
  return (
    <ManualArchivoPage
      base="/api/v1/manual-datos"
      manualDe={manualDatos}
      ejemplos={EJEMPLOS}
      idCampo="manual-id-tramite"
    />
  );
}

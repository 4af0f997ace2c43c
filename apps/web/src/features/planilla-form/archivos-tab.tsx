import { ArchivosPlanilla } from '../archivos/archivos-planilla.tsx';
import type { Planilla } from './planilla-api.ts';

/**
 * Archivos: the attention's supporting documents (list, search, detail and preview of the
 * supporting-files feature). With `vistaPrevia` the selected document shows under the list.
 */
export default function ArchivosTab({
  planilla: p,
  vistaPrevia = true,
  alturaVista,
}: {
  planilla: Planilla;
  vistaPrevia?: boolean;
  alturaVista?: number;
}) {
  return <ArchivosPlanilla idPlanilla={p.idPlanilla} vistaPrevia={vistaPrevia} alturaVista={alturaVista} />;
}

import { MSG_ARCHIVO } from '@app/domain/archivos/messages';
import type { AgrupacionZip } from '@app/domain/archivos/rules';
import { ERROR_CODE } from '@app/domain/messages';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import type { EnCurso } from '../../components/download.ts';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { archivosApi, descargarEnlace } from './archivos-api.ts';

/**
 * Starts a ZIP download: the server checks access, has a worker build the ZIP (decision 80: 202s
 * with its progress, reported to `alAvance`, until it is stored) and answers a short-lived link the
 * browser then streams to disk. A refusal (or the dead letter ZIP_FALLIDO, in its own words) shows 'Error al descargar el archivo' with the server's message (the
 * finalize-conditions dialog when the server answers with those conditions).
 */
export async function descargarZip(
  feedback: ReturnType<typeof useFeedback>,
  idTramite: number,
  agrupar: AgrupacionZip,
  idCarga?: number,
  alAvance?: (avance: EnCurso) => void,
) {
  try {
    const e = await archivosApi.zipEnlace(idTramite, agrupar, idCarga, alAvance);
    descargarEnlace(e.url, e.nombre);
    feedback.notification.info({
      title: 'Descarga iniciada',
      description: `${e.nombre}: ${e.archivos} ${e.archivos === 1 ? 'archivo' : 'archivos'}.`,
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === ERROR_CODE.planillasNoFinalizadas) {
      feedback.modal.error({
        title: MSG_TRAMITE.finalizarDialogoTitulo,
        content: MSG_TRAMITE.finalizarDialogoDetalle,
        okText: 'Aceptar',
      });
      return;
    }
    feedback.errorDialog(MSG_ARCHIVO.errorDescarga, errorMessage(err, ''));
  }
}

import { MSG_ANULACION, type ResumenAnulacion } from '@app/domain/tramites/anulacion';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { api } from '../../lib/api.ts';

type Feedback = ReturnType<typeof useFeedback>;

export const anulacionApi = {
  resumen: (idTramite: number) => api<ResumenAnulacion>(`/tramites/${idTramite}/anulacion`),
};

/**
 * 'Anular trámite' (issue 14 §2, decision 50): asks first, naming what the procedure holds (loads,
 * attentions, lines, files) and that it cannot be undone; Cancel has the focus.
 */
export async function confirmarAnulacion(
  t: { idTramite: number; numero: string },
  feedback: Feedback,
  anular: () => unknown,
) {
  let r: ResumenAnulacion;
  try {
    r = await anulacionApi.resumen(t.idTramite);
  } catch (e) {
    feedback.errorDialog('No se pudo consultar el trámite.', (e as Error).message);
    return;
  }
  feedback.modal.confirm({
    title: `${MSG_ANULACION.anularTitulo.replace('?', '')} ${t.numero}?`,
    content: (
      <>
        <p style={{ margin: '4px 0 0' }}>{MSG_ANULACION.anularPerdida(r)}</p>
        <p style={{ margin: '4px 0 0' }}>{MSG_ANULACION.anularConsecuencia}</p>
      </>
    ),
    okText: MSG_ANULACION.anularOk,
    okButtonProps: { danger: true },
    cancelText: 'Cancelar',
    focusable: { autoFocusButton: 'cancel' },
    onOk: () => anular(),
  });
}

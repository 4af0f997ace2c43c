import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useCallback, useRef, useState } from 'react';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { type Planilla, planillaApi, planillaKeys } from './planilla-api.ts';
import { NOMBRE_TIPO } from './planilla-rules.ts';
import { registrarEnCurso } from './siguiente-pendiente.ts';
import { useAtajos } from './use-atajos.ts';

type Feedback = ReturnType<typeof useFeedback>;

/** The review just registered, while it can still be undone from the screen. */
type Ultima = { idPlanilla: number; numero: string; tipo: TipoRevision; version: number };

const AVISO = 'revision-registrada';
/** How long 'Deshacer' stays on offer (the notice's life). */
export const DESHACER_SEGUNDOS = 8;

/**
 * 'Registrar revisión' on the record page without a wait (issue 14 §1). With the next pending
 * attention already fetched (useSiguientePendiente), the page moves to it at the key press and the
 * review is sent meanwhile; if the server refuses it, the page goes back to the reviewed attention
 * and says why. The answer's 'siguiente' is the truth: a different one (someone else reviewed the one
 * shown) is opened, none left says 'Sin planillas pendientes'. Without a next one fetched, the page
 * waits for the answer as before.
 *
 * Each registered review shows '¡Revisión registrada exitosamente!' with 'Deshacer (Alt+Z)' for a few seconds: it
 * resets that review on the server (POST …/revision/reiniciar with the version the review answered:
 * any later change by someone else, or the procedure moving on, refuses it with the server's 409
 * message) and opens the attention again.
 */
export function useRevisionRapida({
  feedback,
  abrir,
  actual,
}: {
  feedback: Feedback;
  /** Opens an attention; `cache` uses the record already fetched. */
  abrir: (id: number, cache?: boolean) => Promise<void>;
  /** The attention on screen now. */
  actual: () => number | null;
}) {
  const queryClient = useQueryClient();
  const enviando = useRef(new Set<number>());
  const [revisando, setRevisando] = useState<number | null>(null);
  const [ultima, setUltima] = useState<Ultima | null>(null);
  const deshaciendo = useRef(false);

  // After a review every count and every 'next pending' looked up ahead may be out of date.
  const refrescarPendientes = useCallback(
    () =>
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[2] === 'pendientes' || q.queryKey[2] === 'siguiente',
      }),
    [queryClient],
  );

  function sinPendientes() {
    feedback.modal.info({
      title: MSG_PLANILLA.sinPendientesTitulo,
      content: MSG_PLANILLA.sinPendientes,
      okText: 'Aceptar',
    });
  }

  const deshacer = useCallback(
    async (u: Ultima) => {
      if (deshaciendo.current) return;
      deshaciendo.current = true;
      feedback.notification.destroy(AVISO);
      setUltima(null);
      try {
        const res = await planillaApi.reiniciar(u.idPlanilla, u.tipo, u.version);
        void queryClient.invalidateQueries({ queryKey: planillaKeys.detail(u.idPlanilla) });
        void refrescarPendientes();
        feedback.success(`${res.mensaje} Atención ${u.numero}.`);
        await abrir(u.idPlanilla);
      } catch (e) {
        feedback.errorDialog('No se pudo deshacer la revisión.', (e as Error).message);
      } finally {
        deshaciendo.current = false;
      }
    },
    [abrir, feedback, queryClient, refrescarPendientes],
  );

  function avisar(u: Ultima) {
    setUltima(u);
    feedback.notification.success({
      key: AVISO,
      title: MSG_PLANILLA.revisionRegistrada,
      description: `Revisión ${NOMBRE_TIPO[u.tipo]} de la atención ${u.numero}.`,
      duration: DESHACER_SEGUNDOS,
      onClose: () => setUltima((x) => (x === u ? null : x)),
      actions: (
        <Button size="small" onClick={() => void deshacer(u)}>
          Deshacer (Alt+Z)
        </Button>
      ),
    });
  }

  // Alt+Z while the notice is on screen (not while a dialog is open).
  useAtajos(['deshacer'], false, () => ultima && void deshacer(ultima), !!ultima);

  /** Registers the review of `p`; `siguiente` is the next pending one already fetched (null: none; undefined: unknown). */
  function registrar(p: Planilla, tipo: TipoRevision, version: number, siguiente: number | null | undefined) {
    const id = p.idPlanilla;
    if (enviando.current.has(id)) return;
    enviando.current.add(id);
    const optimista =
      siguiente && queryClient.getQueryData(planillaKeys.detail(siguiente)) !== undefined ? siguiente : null;
    if (optimista) void abrir(optimista, true);
    else setRevisando(id);
    registrarEnCurso(() => planillaApi.revisar(id, tipo, version))
      .then((res) => {
        queryClient.setQueryData<Planilla>(planillaKeys.detail(id), (old) =>
          old ? { ...old, ...res.item } : old,
        );
        // Stale, refetched when shown again: not now, while the next one renders.
        void queryClient.invalidateQueries({ queryKey: planillaKeys.detail(id), refetchType: 'none' });
        void refrescarPendientes();
        avisar({ idPlanilla: id, numero: p.numero, tipo, version: res.item.version });
        if (optimista && optimista === res.siguiente) return;
        // Still where the key press left it: the server's next one (or none) decides.
        if (optimista && actual() !== optimista) return;
        if (res.siguiente) void abrir(res.siguiente);
        else {
          // None left: the reviewed one is on screen, as the server has it now (back to it if the
          // key press moved to one that someone reviewed meanwhile).
          void queryClient.invalidateQueries({ queryKey: planillaKeys.detail(id) });
          if (optimista) void abrir(id);
          sinPendientes();
        }
      })
      .catch((e: Error) => {
        void queryClient.invalidateQueries({ queryKey: planillaKeys.detail(id) });
        if (optimista && actual() === optimista) void abrir(id);
        if (e instanceof ApiError && e.status === 409) feedback.errorDialog(MSG.error, e.message);
        else feedback.errorDialog(MSG_PLANILLA.errorRevision, e.message);
      })
      .finally(() => {
        enviando.current.delete(id);
        setRevisando((x) => (x === id ? null : x));
      });
  }

  return { registrar, revisando, deshacer: ultima ? () => void deshacer(ultima) : null };
}

import { MSG } from '@app/domain';
import { deleteErrorText } from './catalog/catalog-values.ts';
import type { useFeedback } from './use-feedback.tsx';

/**
 * The one confirmation before deleting a row of a list (catalogues and administration alike): it names
 * what is lost, starts on 'Cancelar', says the server's answer, and on a refusal says why in a dialog.
 */
export function confirmarEliminacion(
  feedback: ReturnType<typeof useFeedback>,
  {
    noun,
    label,
    eliminar,
    despues,
  }: {
    /** 'usuario', 'persona': the title asks '¿Eliminar {noun}?'. */
    noun: string;
    /** The row as people know it (its name, number). */
    label: string;
    eliminar: () => Promise<{ mensaje: string }>;
    /** After a successful delete (reload the list). */
    despues: () => unknown;
  },
) {
  feedback.modal.confirm({
    title: `¿Eliminar ${noun}?`,
    content: (
      <>
        Se eliminará <strong>{label}</strong>. Esta acción no se puede deshacer.
      </>
    ),
    okText: 'Eliminar',
    okButtonProps: { danger: true },
    cancelText: 'Cancelar',
    focusable: { autoFocusButton: 'cancel' },
    onOk: async () => {
      try {
        feedback.success((await eliminar()).mensaje);
        await despues();
      } catch (e) {
        feedback.errorDialog(MSG.noSePudoEliminar, deleteErrorText((e as Error).message));
      }
    },
  });
}

import { MSG } from '@app/domain';
import { App, Modal, notification } from 'antd';
import { type ReactNode, useMemo } from 'react';

/**
 * Success and error feedback of docs/design-summary.md §10: success as a notification ('¡Correcto!' + the server's text),
 * errors as a dialog when the user must act. Uses the shell's `<App>` when there is one, otherwise
 * its own holders (render `contextHolder`), so that theme and locale apply either way.
 */
export function useFeedback() {
  const app = App.useApp();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  const hasApp = typeof app.notification?.success === 'function' && typeof app.modal?.confirm === 'function';
  const notify = hasApp ? app.notification : notificationApi;
  const modal = hasApp ? app.modal : modalApi;

  // One object while the holders do not change: a record kept mounted does not render again for it.
  return useMemo(
    () => ({
      notification: notify,
      modal,
      contextHolder: hasApp ? null : (
        <>
          {notificationHolder}
          {modalHolder}
        </>
      ),
      /** '¡Correcto!' with the server's message ('¡Registro creado exitosamente!'). */
      success: (mensaje: string) => notify.success({ title: MSG.correcto, description: mensaje }),
      /** A failed save: '¡Error!' / 'Inténtelo de nuevo.' plus the server's message. */
      saveError: (message?: string) =>
        modal.error({
          title: MSG.error,
          content: <Lines lines={[MSG.intentelo, message]} />,
          okText: 'Aceptar',
        }),
      /** A dialog with a title and the server's message ('No se pudo eliminar' + why). */
      errorDialog: (title: string, message?: string) =>
        modal.error({ title, content: message ? <Lines lines={[message]} /> : undefined, okText: 'Aceptar' }),
    }),
    [notify, modal, hasApp, notificationHolder, modalHolder],
  );
}

function Lines({ lines }: { lines: (string | undefined)[] }): ReactNode {
  const shown = lines.filter((l, i): l is string => !!l && lines.indexOf(l) === i);
  return shown.map((l) => (
    <p key={l} style={{ margin: '4px 0 0' }}>
      {l}
    </p>
  ));
}

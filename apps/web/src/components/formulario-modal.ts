import type { FormInstance, FormProps, ModalProps } from 'antd';

/**
 * `Modal`'s props of a dialog around a form that saves: its OK button submits the form, and while it
 * saves the dialog stays (no close button, Escape, mask click or 'Cancelar'); it is destroyed when closed.
 */
export function modalDeFormulario(saving: boolean, onClose: () => void) {
  return {
    okButtonProps: { htmlType: 'submit' },
    cancelButtonProps: { disabled: saving },
    confirmLoading: saving,
    closable: !saving,
    keyboard: !saving,
    mask: { closable: false },
    onCancel: () => {
      if (!saving) onClose();
    },
    destroyOnHidden: true,
  } satisfies ModalProps;
}

/** `Form`'s `onFinishFailed`: the first invalid field is scrolled into view and focused. */
export function enfocarPrimerError<T>(form: FormInstance<T>): NonNullable<FormProps<T>['onFinishFailed']> {
  return ({ errorFields }) => {
    if (errorFields[0]) form.scrollToField(errorFields[0].name, { focus: true, block: 'nearest' });
  };
}

/**
 * Whether the user is already typing in a field of an open modal: a modal that focuses its first field
 * when it finishes opening must not move the caret away from where the user went meanwhile.
 */
export const campoEnFoco = () => {
  const a = document.activeElement;
  return a instanceof HTMLElement && a.closest('.ant-modal') !== null && a.matches('input, textarea');
};

import { INACTIVITY_MS, MSG } from '@app/domain';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

/**
 * True once the user has done nothing for `limitMs` (docs/spec-summary.md 002 §9: mouse move, key press, click and
 * scroll reset it). One timer, checked against Date.now(), so a fake clock can fast-forward it.
 */
export function useIdle(limitMs: number = INACTIVITY_MS): boolean {
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (idle) return;
    let last = Date.now();
    let timer = 0;
    const check = () => {
      const left = last + limitMs - Date.now();
      if (left <= 0) setIdle(true);
      else timer = window.setTimeout(check, left);
    };
    const onActivity = () => {
      last = Date.now();
    };
    timer = window.setTimeout(check, limitMs);
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { capture: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
    };
  }, [idle, limitMs]);

  return idle;
}

/** The inactivity notice of docs/spec-summary.md 002 §8: only its button closes it, and it ends the session. */
export function InactivityModal({ open, onAccept }: { open: boolean; onAccept: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={MSG.inactividadTitulo}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      centered
      footer={
        <Button
          type="primary"
          loading={busy}
          autoFocus
          onClick={async () => {
            setBusy(true);
            await onAccept();
          }}
        >
          Aceptar
        </Button>
      }
    >
      <p>{MSG.inactividadTexto}</p>
    </Modal>
  );
}

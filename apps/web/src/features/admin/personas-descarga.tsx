import { DownloadOutlined } from '@ant-design/icons';
import { MSG } from '@app/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFeedback } from '../../components/useFeedback.tsx';
import { downloadFile } from '../tramites/download.ts';

/**
 * 'Descargar CSV' of the persons list: the list's search and order, for a user with the session's
 * opcionDescarga (docs/spec-summary.md 002 §6; the server answers 403 without it).
 */
export function DescargarPersonas() {
  const [sp] = useSearchParams();
  const feedback = useFeedback();
  const [busy, setBusy] = useState(false);
  async function descargar() {
    setBusy(true);
    try {
      await downloadFile('/personas/exportar', 'personas.csv', {
        q: sp.get('q') ?? undefined,
        sort: sp.get('sort') ?? undefined,
      });
    } catch (e) {
      feedback.errorDialog(MSG.errorPeticion, (e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      {feedback.contextHolder}
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void descargar()}>
        Descargar CSV
      </Button>
    </>
  );
}

import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { MSG } from '@app/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { downloadFile } from '../../components/download.ts';
import { type FormatoExport, nombreExport } from '../../components/exportar.ts';
import { useFeedback } from '../../components/use-feedback.tsx';

/**
 * 'Descargar CSV' and 'Descargar Excel' of the persons list: the list's search and order, for a user with the session's
 * opcionDescarga (docs/spec-summary.md 002 §6; the server answers 403 without it).
 */
export function DescargarPersonas() {
  const [sp] = useSearchParams();
  const feedback = useFeedback();
  const [busy, setBusy] = useState(false);
  async function descargar(formato: FormatoExport) {
    setBusy(true);
    try {
      await downloadFile('/personas/exportar', nombreExport('personas.csv', formato), {
        q: sp.get('q') ?? undefined,
        sort: sp.get('sort') ?? undefined,
        formato,
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
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void descargar('csv')}>
        Descargar CSV
      </Button>
      <Button icon={<FileExcelOutlined />} loading={busy} onClick={() => void descargar('xlsx')}>
        Descargar Excel
      </Button>
    </>
  );
}

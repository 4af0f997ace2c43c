import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { FormatoExport } from './exportar.ts';

const BOTONES: readonly { formato: FormatoExport; icono: typeof DownloadOutlined; texto: string }[] = [
  { formato: 'csv', icono: DownloadOutlined, texto: 'Exportar a CSV' },
  { formato: 'xlsx', icono: FileExcelOutlined, texto: 'Exportar a Excel' },
];

/**
 * A list's 'Exportar a CSV' and 'Exportar a Excel' buttons (components/exportar.ts), both busy while an
 * export runs; keyed, to sit among other buttons.
 */
export function botonesExportar(exportando: boolean, exportar: (formato: FormatoExport) => unknown) {
  return BOTONES.map(({ formato, icono: Icono, texto }) => (
    <Button
      key={formato}
      icon={<Icono aria-hidden />}
      loading={exportando}
      onClick={() => void exportar(formato)}
    >
      {texto}
    </Button>
  ));
}

import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { FormatoExport } from './exportar.ts';

/**
 * A list's 'Exportar a CSV' and 'Exportar a Excel' buttons (components/exportar.ts), both busy while an
 * export runs; keyed, to sit among other buttons.
 */
export function botonesExportar(exportando: boolean, exportar: (formato: FormatoExport) => unknown) {
  return [
    <Button
      key="csv"
      icon={<DownloadOutlined aria-hidden />}
      loading={exportando}
      onClick={() => void exportar('csv')}
    >
      Exportar a CSV
    </Button>,
    <Button
      key="xlsx"
      icon={<FileExcelOutlined aria-hidden />}
      loading={exportando}
      onClick={() => void exportar('xlsx')}
    >
      Exportar a Excel
    </Button>,
  ];
}

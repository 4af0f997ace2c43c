import { formatDateTime, formatFileSize } from '@app/domain/common/format';

const TIPOS: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

/** 'PDF', 'JPEG', 'PNG' (the stored MIME type otherwise). */
export const tipoTexto = (tipo: string | null | undefined) => (tipo ? (TIPOS[tipo] ?? tipo) : '');

/** '1,50 MB' / '320,00 KB'. */
export const tamanoTexto = (bytes: number | null | undefined) => formatFileSize(bytes ?? 0);

/** 'dd/MM/yyyy HH:mm' in America/Guayaquil. */
export const fechaHora = (v: string | null | undefined) => (v ? formatDateTime(v) : '');

/** The file type column of the file lists ('PDF', 'JPEG', 'PNG'). */
export const COLUMNA_TIPO = {
  key: 'tipo',
  title: 'Tipo',
  dataIndex: 'tipo',
  width: 70,
  render: (v: string) => tipoTexto(v),
};

/** The file size column of the file lists, right-aligned. */
export const COLUMNA_TAMANO = {
  key: 'tamano',
  title: 'Tamaño',
  dataIndex: 'tamano',
  width: 100,
  align: 'right' as const,
  render: (v: number) => tamanoTexto(v),
};
